"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api/client";

const SEARCH_DEBOUNCE_MS = 500; // spec core §9: searches are debounced 500 ms
export const CONTACT_SEARCH_MIN_CHARS = 3; // spec core §5: contact search starts at 3 characters

/**
 * The contact pickers' search (new ticket, schedule): the lowercased term, debounced, asked of
 * `path(term)` once it has 3 characters; answers the contacts found for the current term.
 */
export function useContactSearch<T>(term: string, path: (query: string) => string) {
  const [found, setFound] = useState<{ term: string; contacts: T[] } | null>(null);
  const query = term.trim().toLowerCase();
  const enough = query.length >= CONTACT_SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!enough) return;
    let live = true;
    const timer = setTimeout(() => {
      api<{ contacts: T[] }>(path(query))
        .then((r) => live && setFound({ term: query, contacts: r.contacts }))
        .catch(() => live && setFound({ term: query, contacts: [] }));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `path` only builds the URL of the query
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, enough]);

  return {
    enough,
    searching: enough && found?.term !== query,
    results: enough && found?.term === query ? found.contacts : [],
  };
}
