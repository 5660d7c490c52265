import { describe, expect, it } from "vitest";
import { announcementEventRecord, EVENT_TEXT_MAX } from "@/lib/announcements/publish-announcement";
import { announcementFormSchema, createAnnouncementSchema, updateAnnouncementSchema } from "@/lib/announcements/schemas";

// admin §5 (title and text required), §9 (priority 1-3, default 3; status default active).
describe("createAnnouncementSchema", () => {
  it("defaults priority to 3 and status to active, trimming title and text", () => {
    expect(createAnnouncementSchema.parse({ title: " Aviso ", text: " Linha 1\nLinha 2 " })).toEqual({ title: "Aviso", text: "Linha 1\nLinha 2", priority: 3, status: true });
  });

  it("reads priority and status sent as text (forms)", () => {
    expect(createAnnouncementSchema.parse({ title: "a", text: "b", priority: "1", status: "false" })).toMatchObject({ priority: 1, status: false });
  });

  it("requires title and text, and refuses a priority outside 1-3", () => {
    const issues = (v: unknown) => createAnnouncementSchema.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(issues({ title: "", text: "  " })).toEqual(["title:required", "text:required"]);
    expect(issues({})).toEqual(["title:required", "text:required"]);
    expect(issues({ title: "a", text: "b", priority: 4 })).toEqual(["priority:invalidOption"]);
    expect(issues({ title: "a", text: "b", priority: 1.5 })).toEqual(["priority:invalidOption"]);
    expect(issues({ title: "a", text: "b", status: "sim" })).toEqual(["status:invalidOption"]);
    expect(issues({ title: "a".repeat(201), text: "b" })).toEqual(["title:tooLong"]);
  });
});

describe("updateAnnouncementSchema", () => {
  it("keeps only what is sent", () => {
    expect(updateAnnouncementSchema.parse({ status: false })).toEqual({ status: false });
    expect(updateAnnouncementSchema.safeParse({ text: "" }).success).toBe(false);
  });
});

describe("announcementFormSchema", () => {
  it("holds the selects' text values", () => {
    expect(announcementFormSchema.parse({ title: "a", text: "b", priority: "2", status: "true" })).toEqual({ title: "a", text: "b", priority: "2", status: "true" });
    expect(announcementFormSchema.safeParse({ title: "a", text: "b", priority: "5", status: "true" }).success).toBe(false);
  });
});

describe("announcementEventRecord", () => {
  const row = { id: 1, title: "t", text: "x", priority: 3, status: true, mediaPath: null, mediaName: null, mediaUrl: null, createdAt: new Date(0) };
  it("keeps a short text whole", () => {
    expect(announcementEventRecord(row)).toBe(row);
  });
  it("clips a long text and says so", () => {
    const long = announcementEventRecord({ ...row, text: "y".repeat(EVENT_TEXT_MAX + 1) });
    expect(long).toMatchObject({ textTruncated: true, text: `${"y".repeat(EVENT_TEXT_MAX)}…` });
  });
});
