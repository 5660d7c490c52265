"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/api/client";
import { HeardWhileReading } from "./heard-while-reading";
import { applyToRows, type RowChange } from "./live-change";
import { mergeFirstRows } from "./merge-rows";

type Page<T> = { count: number; hasMore: boolean } & Record<string, unknown> & { [k: string]: T[] | number | boolean };

const SEARCH_DEBOUNCE_MS = 500; // spec: list searches are debounced 500 ms

/**
 * The list-screen pattern (admin §2.1): a lowercased, debounced search that resets to page 1 with
 * an empty list, pages loaded on demand, and helpers to apply live updates by id.
 */
export function usePagedList<T extends { id: number }>(opts: { url: string; key: string; initial?: { items: T[]; hasMore: boolean } }) {
  const [items, setItems] = useState<T[]>(opts.initial?.items ?? []);
  const [hasMore, setHasMore] = useState(opts.initial?.hasMore ?? true);
  const [loading, setLoading] = useState(false);
  const [search, setSearchRaw] = useState("");
  const [term, setTerm] = useState("");
  const page = useRef(opts.initial ? 1 : 0);
  const generation = useRef(0);
  const [heard] = useState(() => new HeardWhileReading<T>());
  // a url that already carries a query (contact-list-items?contactListId=…) gets the page after `&`
  const sep = opts.url.includes("?") ? "&" : "?";

  const load = useCallback(
    async (pageNumber: number, searchParam: string) => {
      const gen = generation.current;
      const mark = heard.begin();
      setLoading(true);
      try {
        const qs = new URLSearchParams({ searchParam, pageNumber: String(pageNumber) });
        const data = await api<Page<T>>(`${opts.url}${sep}${qs}`);
        if (gen !== generation.current) return; // a newer search replaced this one
        const rows = heard.replay(mark, (data[opts.key] as T[]) ?? []);
        setItems((prev) => (pageNumber === 1 ? rows : [...prev, ...rows.filter((r) => !prev.some((p) => p.id === r.id))]));
        setHasMore(Boolean(data.hasMore));
        page.current = pageNumber;
      } finally {
        heard.end();
        if (gen === generation.current) setLoading(false);
      }
    },
    [opts.url, opts.key, sep, heard],
  );

  useEffect(() => {
    const id = setTimeout(() => setTerm(search.trim().toLowerCase()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [search]);

  const firstTerm = useRef(true);
  useEffect(() => {
    if (firstTerm.current && opts.initial) {
      firstTerm.current = false;
      return;
    }
    firstTerm.current = false;
    generation.current++;
    setItems([]);
    setHasMore(true);
    void load(1, term);
  }, [term, load, opts.initial]);

  // a live change: to the rows held now, and to the answer of any page being read
  const apply = (change: RowChange<T>) => {
    heard.hear(change);
    setItems((prev) => applyToRows(prev, change));
  };

  return {
    items,
    hasMore,
    loading,
    search,
    setSearch: setSearchRaw,
    loadMore: () => {
      if (!loading && hasMore) void load(page.current + 1, term);
    },
    reload: () => {
      generation.current++;
      void load(1, term);
    },
    /** Page 1 again, merged by id (after the list's channels subscribed): loaded pages and scroll stay. */
    catchUp: () => {
      const gen = generation.current;
      const mark = heard.begin();
      const qs = new URLSearchParams({ searchParam: term, pageNumber: "1" });
      api<Page<T>>(`${opts.url}${sep}${qs}`)
        .then((data) => {
          if (gen !== generation.current) return; // a search or reload answers instead
          const rows = heard.replay(mark, (data[opts.key] as T[]) ?? []);
          setItems((prev) => mergeFirstRows(prev, rows, Boolean(data.hasMore), page.current));
          if (page.current <= 1) setHasMore(Boolean(data.hasMore));
        })
        .catch(() => {})
        .finally(() => heard.end());
    },
    upsert: (row: Partial<T> & { id: number }) => apply({ upsert: row }),
    remove: (id: number) => apply({ remove: id }),
  };
}
