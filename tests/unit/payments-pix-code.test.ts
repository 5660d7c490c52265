import { describe, expect, it } from "vitest";
import { brCode, crc16 } from "@/lib/payments/pix-code";

/** The BR Code's fields (ID, value), read back by their lengths. */
function fields(code: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < code.length; ) {
    const id = code.slice(i, i + 2);
    const len = Number(code.slice(i + 2, i + 4));
    out.push([id, code.slice(i + 4, i + 4 + len)]);
    i += 4 + len;
  }
  return out;
}

describe("the sandbox's Pix copy-paste code", () => {
  it("uses CRC16-CCITT (0x1021, 0xFFFF), as the Banco Central's BR Code does", () => {
    expect(crc16("123456789")).toBe("29B1");
    // the static example of the BR Code manual, whose last four characters are its CRC
    const manual = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304";
    expect(crc16(manual)).toBe("1D3D");
  });

  it("is a dynamic charge: its location, the amount in BRL, plain ASCII names within their lengths, and a valid CRC", () => {
    const code = brCode({ location: "pix.sandbox.invalid/qr/v2/abc", amount: 1234.5, merchantName: "Atendimento São João da Boa Vista Ltda", merchantCity: "São Paulo" });
    const f = Object.fromEntries(fields(code));
    expect(f["00"]).toBe("01");
    expect(f["01"]).toBe("12");
    expect(fields(f["26"])).toEqual([
      ["00", "br.gov.bcb.pix"],
      ["25", "pix.sandbox.invalid/qr/v2/abc"],
    ]);
    expect(f["53"]).toBe("986");
    expect(f["54"]).toBe("1234.50");
    expect(f["58"]).toBe("BR");
    expect(f["59"]).toBe("ATENDIMENTO SAO JOAO DA B");
    expect(f["60"]).toBe("SAO PAULO");
    expect(f["63"]).toBe(crc16(code.slice(0, -4)));
  });
});
