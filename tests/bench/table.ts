import { meets, type BenchRow } from "./report";

export type TableRow = BenchRow & { part: string; before?: number };

const num = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** The benchmark table as aligned text: one line per recorded figure. */
export function formatTable(rows: TableRow[]): string {
  if (!rows.length) return "(no figures recorded)";
  const head = ["part", "measure", "figure", "target", "met", "ratio", "before"];
  const lines = rows.map((r) => {
    const ok = meets(r);
    return [
      r.part,
      r.measure,
      `${num(r.figure)} ${r.unit}`,
      r.target ? `${r.target.op} ${r.target.value} ${r.unit}` : "",
      ok === null ? "" : ok ? "yes" : "NO",
      r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}${r.ratioOf ? ` (${r.ratioOf})` : ""}`,
      r.before === undefined ? "" : num(r.before),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  return [fmt(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(fmt)].join("\n");
}
