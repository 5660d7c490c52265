import { describe, expect, it } from "vitest";
import { acceptedImageType, imageTypeOfBytes, imageTypeOfName } from "@/lib/announcements/image-type";

// admin §5: the attachment accepts .png, .jpg, .jpeg; the bytes must be that image.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const text = (s: string) => new TextEncoder().encode(s);

describe("imageTypeOfName", () => {
  it("reads .png, .jpg and .jpeg in any case", () => {
    expect(imageTypeOfName("a.png")).toBe("image/png");
    expect(imageTypeOfName("A.JPG")).toBe("image/jpeg");
    expect(imageTypeOfName("foto.de.natal.Jpeg")).toBe("image/jpeg");
  });
  it("refuses other names", () => {
    for (const name of ["a.gif", "a.webp", "png", "a.png.exe", "a.pdf", "", ".jpgx"]) expect(imageTypeOfName(name), name).toBeNull();
  });
});

describe("imageTypeOfBytes", () => {
  it("knows PNG's and JPEG's signatures", () => {
    expect(imageTypeOfBytes(PNG)).toBe("image/png");
    expect(imageTypeOfBytes(JPEG)).toBe("image/jpeg");
  });
  it("refuses other bytes, and a signature cut short", () => {
    for (const b of [text("GIF89a"), text("%PDF-1.4"), text("<svg></svg>"), PNG.slice(0, 7), JPEG.slice(0, 2), new Uint8Array()]) expect(imageTypeOfBytes(b)).toBeNull();
  });
});

describe("acceptedImageType", () => {
  it("accepts a name and bytes that agree", () => {
    expect(acceptedImageType("a.png", PNG)).toBe("image/png");
    expect(acceptedImageType("a.jpeg", JPEG)).toBe("image/jpeg");
  });
  it("refuses a renamed document and a name that disagrees with the bytes", () => {
    expect(acceptedImageType("a.png", text("%PDF-1.4"))).toBeNull();
    expect(acceptedImageType("a.png", JPEG)).toBeNull();
    expect(acceptedImageType("a.gif", PNG)).toBeNull();
  });
});
