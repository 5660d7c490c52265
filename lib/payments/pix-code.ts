// The Pix "copia e cola" text (EMV QR Code, BR Code of the Banco Central): what the sandbox payer
// shows, built like a real dynamic charge's so the screen and a bank app's reader look as in
// production. Each field is ID (2 digits) + length (2 digits) + value.

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) in 4 hex digits, as the BR Code ends with. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

// names in a BR Code are plain ASCII, upper case, within their field's length
const ascii = (s: string, max: number) =>
  s
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .toUpperCase()
    .slice(0, max);

export type BrCodeInput = { location: string; amount: number; merchantName: string; merchantCity: string };

/** A dynamic Pix charge's BR Code: the payload location, the amount, who receives, and the CRC. */
export function brCode({ location, amount, merchantName, merchantCity }: BrCodeInput): string {
  const payload = [
    field("00", "01"),
    field("01", "12"), // dynamic, paid once
    field("26", field("00", "br.gov.bcb.pix") + field("25", location)),
    field("52", "0000"),
    field("53", "986"), // BRL
    field("54", amount.toFixed(2)),
    field("58", "BR"),
    field("59", ascii(merchantName, 25)),
    field("60", ascii(merchantCity, 15)),
    field("62", field("05", "***")),
  ].join("");
  const withCrcId = `${payload}6304`;
  return withCrcId + crc16(withCrcId);
}
