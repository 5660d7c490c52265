import { describe, expect, it } from "vitest";
import { quickMessageMediaName } from "@/lib/quick-messages/media-name";
import { createQuickMessageSchema, quickMessageFormSchema, updateQuickMessageSchema } from "@/lib/quick-messages/schemas";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("quick message schemas", () => {
  it("default geral to false and status to true (admin §9)", () => {
    expect(createQuickMessageSchema.parse({ shortcode: "oi", message: "Olá!" })).toEqual({ shortcode: "oi", message: "Olá!", geral: false, status: true, file: undefined });
  });

  it("keep the shortcode one lowercase word, without a leading /", () => {
    expect(createQuickMessageSchema.parse({ shortcode: " /BomDia ", message: "x" }).shortcode).toBe("bomdia");
    expect(messages(createQuickMessageSchema.safeParse({ shortcode: "bom dia", message: "x" }))).toEqual(["shortcode:shortcodeFormat"]);
    expect(messages(createQuickMessageSchema.safeParse({ shortcode: "/", message: "x" }))).toEqual(["shortcode:required"]);
    expect(messages(createQuickMessageSchema.safeParse({ shortcode: "x".repeat(51), message: "x" }))).toEqual(["shortcode:tooLong"]);
  });

  it("read multipart's text booleans", () => {
    const parsed = createQuickMessageSchema.parse({ shortcode: "a", message: "x", geral: "true", status: "false" });
    expect(parsed).toMatchObject({ geral: true, status: false });
    expect(updateQuickMessageSchema.parse({ geral: "on" }).geral).toBe(true);
  });

  it("need a message or a file (the upload as stored by lib/storage/upload-stream.ts)", () => {
    expect(messages(createQuickMessageSchema.safeParse({ shortcode: "a", message: "  " }))).toEqual(["message:required"]);
    expect(messages(createQuickMessageSchema.safeParse({ shortcode: "a", file: undefined }))).toEqual(["message:required"]);
    const file = { path: "1/2026-01/x-a.png", mimetype: "image/png", filename: "a.png", field: "file", size: 1 };
    expect(createQuickMessageSchema.parse({ shortcode: "a", file }).file).toBe(file);
  });

  it("the form applies the same rule with hasMedia", () => {
    const base = { shortcode: "a", message: "", geral: false, status: true };
    expect(messages(quickMessageFormSchema.safeParse({ ...base, hasMedia: false }))).toEqual(["message:required"]);
    expect(quickMessageFormSchema.safeParse({ ...base, hasMedia: true }).success).toBe(true);
  });
});

describe("quickMessageMediaName", () => {
  it("replaces every space by an underscore and drops folders (admin §5)", () => {
    expect(quickMessageMediaName("Tabela de preços  2025.pdf")).toBe("Tabela_de_preços__2025.pdf");
    expect(quickMessageMediaName("C:\\Users\\ana\\foto nova.jpg")).toBe("foto_nova.jpg");
    expect(quickMessageMediaName("")).toBe("file");
  });
});
