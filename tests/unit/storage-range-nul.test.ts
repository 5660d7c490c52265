import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { headerNulMarker } from "@/lib/storage/header-nul";
import { parseRange } from "@/lib/storage/range";

describe("parseRange", () => {
  it("reads one bytes range: from-to, from-, the last n; clamps the end", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-10", 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
  });

  it("ignores what it does not serve (whole object) and refuses a range past the end (416)", () => {
    for (const h of [null, "", "items=0-1", "bytes=0-1,5-6", "bytes=a-b", "bytes=-", "bytes=9-3"]) expect(parseRange(h, 1000)).toBeNull();
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
  });
});

describe("headerNulMarker", () => {
  const boundary = "XyZ";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="a\0.txt"\r\n\r\n`),
    Buffer.from([0, 1, 0, 2]), // file bytes: NUL kept as is
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="b\0dy"\r\n\r\nx\0y\r\n--${boundary}--\r\n`),
  ]);

  // every split of the body into two chunks gives the same output (a delimiter cut in half included)
  it("marks NUL in part headers only, wherever the chunks are cut; restore gives NUL back", async () => {
    let expected: string | null = null;
    for (let cut = 1; cut < body.length; cut += 3) {
      const { transform, restore } = headerNulMarker(boundary);
      const out = Buffer.concat(await Readable.from([body.subarray(0, cut), body.subarray(cut)]).pipe(transform).toArray());
      const text = restore(out.toString("latin1"));
      expected ??= text;
      expect(text).toBe(expected);
      expect(out.includes(Buffer.from([0, 1, 0, 2]))).toBe(true);
      expect(out.toString("latin1")).not.toMatch(/filename="a\0/);
      expect(out.toString("latin1")).toContain("x\0y");
    }
    expect(expected).toBe(body.toString("latin1"));
  });
});
