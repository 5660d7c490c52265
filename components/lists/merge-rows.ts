const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Page 1 of a list read again (after its channels subscribed) merged into the loaded rows, by id.
 * With only page 1 loaded, or all rows fitting in it, the page is what the list shows (rows pushed
 * out of it come with page 2). With more pages loaded, the page goes first and every other loaded
 * row stays in its order after it: a row pushed down is not lost; one removed meanwhile stays
 * until its event or a reload (the rows' order is the server's, unknown here, so it cannot tell).
 * Unchanged rows keep their objects, and a merge that changes nothing returns `loaded` itself.
 */
export function mergeFirstRows<T extends { id: number }>(loaded: T[], page: T[], hasMore: boolean, pagesLoaded: number): T[] {
  const known = new Map(loaded.map((r) => [r.id, r]));
  const fromPage = page.map((r) => {
    const before = known.get(r.id);
    return before && same(before, r) ? before : r;
  });
  const inPage = new Set(page.map((r) => r.id));
  const beyond = hasMore && pagesLoaded > 1 ? loaded.filter((r) => !inPage.has(r.id)) : [];
  const rows = [...fromPage, ...beyond];
  return rows.length === loaded.length && rows.every((r, i) => r === loaded[i]) ? loaded : rows;
}
