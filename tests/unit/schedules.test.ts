import { describe, expect, it } from "vitest";
import { isInngestConfigured } from "@/lib/jobs/config";
import { bodyPreview, defaultSendAt, oneHourAhead, rangeFor, toLocalInput } from "@/lib/schedules/calendar";
import { isScheduleImage, scheduleSchema } from "@/lib/schedules/schemas";

const issues = (input: unknown) => {
  const r = scheduleSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("scheduleSchema (spec core §5)", () => {
  const future = new Date(Date.now() + 3_600_000).toISOString();

  it("answers the catalogue keys of the spec's messages", () => {
    expect(issues({})).toEqual([
      { path: "body", message: "bodyTooShort" },
      { path: "contactId", message: "required" },
      { path: "sendAt", message: "required" },
    ]);
    expect(issues({ body: "abcd", contactId: 1, sendAt: future })).toEqual([{ path: "body", message: "bodyTooShort" }]);
    // blanks count as missing, as the form sends them
    expect(issues({ body: "     abcd  ", contactId: null, sendAt: "" })).toEqual([
      { path: "body", message: "bodyTooShort" },
      { path: "contactId", message: "required" },
      { path: "sendAt", message: "required" },
    ]);
    expect(issues({ body: "Olá!!", contactId: 0, sendAt: "not a date" })).toEqual([
      { path: "contactId", message: "required" },
      { path: "sendAt", message: "required" },
    ]);
  });

  it("wants a send time in the future", () => {
    expect(issues({ body: "Mensagem", contactId: 1, sendAt: new Date(Date.now() - 1000).toISOString() })).toEqual([
      { path: "sendAt", message: "sendAtFuture" },
    ]);
  });

  it("trims the body and reads the datetime-local value of the form as local time", () => {
    const parsed = scheduleSchema.parse({ body: "  Boa tarde  ", contactId: "7", sendAt: "2099-03-04T10:30" });
    expect(parsed).toEqual({ body: "Boa tarde", contactId: 7, sendAt: new Date(2099, 2, 4, 10, 30) });
  });
});

describe("isScheduleImage (png, jpg, jpeg)", () => {
  it("takes those images by name and type", () => {
    expect(isScheduleImage({ name: "a.png", type: "image/png" })).toBe(true);
    expect(isScheduleImage({ name: "A.JPG", type: "image/jpeg" })).toBe(true);
    expect(isScheduleImage({ name: "a.jpeg", type: "" })).toBe(true);
  });

  it("refuses other files, and a name that lies about the type", () => {
    expect(isScheduleImage({ name: "a.gif", type: "image/gif" })).toBe(false);
    expect(isScheduleImage({ name: "a.webp", type: "image/webp" })).toBe(false);
    expect(isScheduleImage({ name: "a.pdf", type: "application/pdf" })).toBe(false);
    expect(isScheduleImage({ name: "a.png", type: "application/pdf" })).toBe(false);
  });
});

describe("defaultSendAt (spec: one hour ahead)", () => {
  const now = new Date(2030, 5, 10, 14, 20, 45);

  it("is one hour ahead, to the minute, with nothing clicked", () => {
    expect(defaultSendAt(null, now)).toEqual(new Date(2030, 5, 10, 15, 20));
    expect(oneHourAhead(now)).toEqual(new Date(2030, 5, 10, 15, 20));
  });

  it("takes a clicked later day at that time of day, never a time already past", () => {
    expect(defaultSendAt({ start: new Date(2030, 5, 12), isDayCell: true }, now)).toEqual(new Date(2030, 5, 12, 15, 20));
    expect(defaultSendAt({ start: new Date(2030, 5, 10), isDayCell: true }, now)).toEqual(new Date(2030, 5, 10, 15, 20));
    expect(defaultSendAt({ start: new Date(2030, 5, 1), isDayCell: true }, now)).toEqual(new Date(2030, 5, 10, 15, 20));
  });

  it("takes a clicked time slot still to come", () => {
    expect(defaultSendAt({ start: new Date(2030, 5, 11, 9, 30), isDayCell: false }, now)).toEqual(new Date(2030, 5, 11, 9, 30));
    expect(defaultSendAt({ start: new Date(2030, 5, 10, 9, 30), isDayCell: false }, now)).toEqual(new Date(2030, 5, 10, 15, 20));
  });
});

describe("calendar helpers", () => {
  it("asks for the whole grid of a month view", () => {
    // June 2030: the 1st is a Saturday; weeks starting Sunday show May 26 to July 6
    const { start, end } = rangeFor(new Date(2030, 5, 15), "month", 0);
    expect(start.getTime()).toBeLessThanOrEqual(new Date(2030, 4, 26).getTime());
    expect(end.getTime()).toBeGreaterThanOrEqual(new Date(2030, 6, 7).getTime());
    const week = rangeFor(new Date(2030, 5, 12), "week", 1);
    expect(week.start.getTime()).toBeLessThanOrEqual(new Date(2030, 5, 10).getTime());
    expect(week.end.getTime()).toBeGreaterThanOrEqual(new Date(2030, 5, 17).getTime());
  });

  it("writes a datetime-local value and a one-line preview", () => {
    expect(toLocalInput(new Date(2030, 0, 2, 3, 4))).toBe("2030-01-02T03:04");
    expect(bodyPreview("Olá\n\n  tudo   bem?")).toBe("Olá tudo bem?");
    expect(bodyPreview("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("isInngestConfigured", () => {
  it("is on with an event key, a base URL or INNGEST_DEV, off otherwise", () => {
    expect(isInngestConfigured({})).toBe(false);
    expect(isInngestConfigured({ INNGEST_SIGNING_KEY: "signkey-prod-x" })).toBe(false);
    expect(isInngestConfigured({ INNGEST_DEV: "0" })).toBe(false);
    expect(isInngestConfigured({ INNGEST_EVENT_KEY: "key" })).toBe(true);
    expect(isInngestConfigured({ INNGEST_BASE_URL: "http://127.0.0.1:8288" })).toBe(true);
    expect(isInngestConfigured({ INNGEST_DEV: "1" })).toBe(true);
  });
});
