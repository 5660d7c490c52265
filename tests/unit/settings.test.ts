import { describe, expect, it } from "vitest";
import { connectionFormSchema, CONNECTION_DEFAULTS } from "@/lib/connections/schemas";
import { settingsFromRows, settingsToList } from "@/lib/settings/company-settings";
import { companySchedulesSchema, scheduleEntrySchema, updateSettingSchema } from "@/lib/settings/schemas";
import { defaultSetting, isSettingKey, isSettingValue, SETTING_KEYS } from "@/lib/settings/setting-keys";
import { completeTime, maskTime } from "@/lib/dates/week";
import { emptyWeek, fullWeek, usualWeek } from "@/lib/settings/weekdays";

describe("setting keys", () => {
  it("knows the spec's keys and their values, nothing inherited", () => {
    expect(SETTING_KEYS).toEqual([
      "userRating",
      "scheduleType",
      "CheckMsgIsGroup",
      "call",
      "chatBotType",
      "sendGreetingAccepted",
      "sendMsgTransfTicket",
      "sendGreetingMessageOneQueues",
      "campaignsEnabled",
    ]);
    expect(isSettingKey("toString")).toBe(false);
    expect(isSettingKey("__proto__")).toBe(false);
    expect(isSettingValue("scheduleType", "company")).toBe(true);
    expect(isSettingValue("scheduleType", "enabled")).toBe(false);
    expect(defaultSetting("CheckMsgIsGroup")).toBe("enabled");
    expect(defaultSetting("campaignsEnabled")).toBe("true");
  });

  it("reads stored rows as typed settings, defaults for what is missing or not allowed", () => {
    const s = settingsFromRows([
      { key: "userRating", value: "enabled" },
      { key: "scheduleType", value: "weekly" },
      { key: "other", value: "x" },
    ]);
    expect(s.userRating).toBe("enabled");
    expect(s.scheduleType).toBe("disabled");
    expect(s).not.toHaveProperty("other");
    expect(settingsToList(s).map((r) => r.key)).toEqual(SETTING_KEYS);
  });

  it("takes the value as text, a JSON boolean included", () => {
    expect(updateSettingSchema.parse({ value: true })).toEqual({ value: "true" });
    expect(updateSettingSchema.safeParse({ value: 3 }).success).toBe(false);
  });
});

describe("schedule entries", () => {
  const ok = (startTime: string, endTime: string) => scheduleEntrySchema.safeParse({ weekdayEn: "monday", startTime, endTime }).success;

  it("take HH:MM times with the start before the end, both empty, or 00:00-00:00", () => {
    expect(ok("08:00", "18:00")).toBe(true);
    expect(ok("00:00", "23:59")).toBe(true);
    expect(ok("", "")).toBe(true);
    expect(ok("00:00", "00:00")).toBe(true);
    expect(ok("18:00", "08:00")).toBe(false);
    expect(ok("12:00", "12:00")).toBe(false);
    expect(ok("08:00", "")).toBe(false);
    expect(ok("24:00", "24:00")).toBe(false);
    expect(ok("8:00", "18:00")).toBe(false);
  });

  it("store the day's name from its key", () => {
    expect(scheduleEntrySchema.parse({ weekday: "Mon", weekdayEn: "monday", startTime: " 08:00", endTime: "18:00" })).toEqual({
      weekday: "Segunda-feira",
      weekdayEn: "monday",
      startTime: "08:00",
      endTime: "18:00",
    });
  });

  it("the week starts empty; the usual week and any stored list fill seven days in order", () => {
    expect(emptyWeek().map((d) => [d.weekdayEn, d.startTime, d.endTime])).toEqual(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, "", ""]),
    );
    expect(companySchedulesSchema.safeParse({ schedules: usualWeek() }).success).toBe(true);
    expect(usualWeek().map((d) => `${d.startTime}-${d.endTime}`)).toEqual([
      ...Array(5).fill("08:00-18:00"),
      "08:00-12:00",
      "00:00-00:00",
    ]);
    const week = fullWeek([{ weekday: "Sábado", weekdayEn: "saturday", startTime: "09:00", endTime: "13:00" }]);
    expect(week).toHaveLength(7);
    expect(week[5]).toMatchObject({ weekdayEn: "saturday", startTime: "09:00", endTime: "13:00" });
    expect(week[0]).toMatchObject({ weekdayEn: "monday", startTime: "" });
  });
});

describe("the HH:MM mask", () => {
  it("keeps four digits with a colon after the hours", () => {
    expect(maskTime("0")).toBe("0");
    expect(maskTime("08")).toBe("08");
    expect(maskTime("083")).toBe("08:3");
    expect(maskTime("08:30")).toBe("08:30");
    expect(maskTime("0830999")).toBe("08:30");
    expect(maskTime("ab1c2")).toBe("12");
  });

  it("completes a partial time on blur", () => {
    expect(completeTime("")).toBe("");
    expect(completeTime("8")).toBe("08:00");
    expect(completeTime("18")).toBe("18:00");
    expect(completeTime("08:3")).toBe("08:30");
    expect(completeTime("08:30")).toBe("08:30");
  });
});

describe("the connection form's greeting rule", () => {
  const form = (queueIds: number[], greetingMessage: string) =>
    connectionFormSchema.safeParse({ ...CONNECTION_DEFAULTS, name: "Conexão", queueIds, greetingMessage });

  it("asks for a greeting when more than one queue is chosen", () => {
    const res = form([1, 2], " ");
    expect(res.success).toBe(false);
    expect(res.error?.issues).toEqual([expect.objectContaining({ path: ["greetingMessage"], message: "greetingRequired" })]);
    expect(form([1, 2], "Escolha:").success).toBe(true);
    expect(form([1], "").success).toBe(true);
    expect(form([1, 1], "").success).toBe(true);
  });
});
