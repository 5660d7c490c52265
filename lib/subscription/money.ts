// spec admin §9: money in BRL, pt-br format, whatever the screen's language.
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 99.9 or "99.90" -> "R$ 99,90" (with the no-break space Intl puts after the symbol). */
export function formatBrl(value: number | string): string {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? brl.format(n) : "";
}
