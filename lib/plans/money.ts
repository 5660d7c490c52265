// Plan prices (admin §2.4: "money shown in BRL in pt-br format"). Pure: the plan form, the plans
// tab and the API share it.

/** The largest price the column holds (numeric(12, 2)). */
export const MAX_MONEY = 9_999_999_999.99;

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * 1234.5 or "1234.50" -> "R$ 1.234,50" (the space Intl puts after R$ is a no-break space); text
 * that is not a number (a Pix amount arrives as text) -> "". Every screen and mail showing money uses it.
 */
export function formatBRL(value: number | string): string {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? BRL.format(n) : "";
}

/** 1234.5 -> "1234,50": what the price field shows for an existing plan. */
export const moneyInput = (value: number) => value.toFixed(2).replace(".", ",");

/**
 * A price typed or sent as a number of reais with at most two decimals, or null when it is not one.
 * Text is read the way a Brazilian writes it ("1.234,56", "99,90", "R$ 10") and also with a decimal
 * point ("99.90"); a point followed by exactly three digits is a thousands separator ("1.234").
 */
export function parseMoney(input: unknown): number | null {
  let value: number;
  if (typeof input === "number") value = input;
  else if (typeof input === "string") {
    const text = input.replace(/^\s*R\$\s*/i, "").replace(/\s+/g, "");
    let normal: string;
    if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(text) || /^\d+(,\d{1,2})?$/.test(text)) normal = text.replace(/\./g, "").replace(",", ".");
    else if (/^\d+(\.\d{1,2})?$/.test(text)) normal = text;
    else return null;
    value = Number(normal);
  } else return null;
  if (!Number.isFinite(value) || value < 0 || value > MAX_MONEY) return null;
  // two decimals at most: 10.005 is a typing mistake, not half a centavo
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return null;
  return Math.round(value * 100) / 100;
}
