import { describe, expect, it } from "vitest";
import { appErrorFromDb } from "@/lib/api/db-errors";
import { buildOptionTree, countDescendants, type QueueOptionRow } from "@/lib/queues/build-option-tree";
import { firstFreeColor, normalizeQueueColor, QUEUE_COLOR, QUEUE_PALETTE } from "@/lib/queues/colors";
import { createOptionSchema, listOptionsQuery } from "@/lib/queues/option-schemas";
import { DEFAULT_QUEUE_SCHEDULES, fillSchedules, isClosedDay, isWithinSchedules, maskTime } from "@/lib/queues/schedules";
import { queueFormSchema } from "@/lib/queues/schemas";

describe("queue colours", () => {
  it("offers a palette of 50 distinct #RRGGBB colours (admin §9)", () => {
    expect(QUEUE_PALETTE).toHaveLength(50);
    expect(new Set(QUEUE_PALETTE).size).toBe(50);
    for (const c of QUEUE_PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("normalises the 3-9 character spellings to one uppercase form", () => {
    expect(normalizeQueueColor("abc")).toBe("#AABBCC");
    expect(normalizeQueueColor(" #abcd ")).toBe("#AABBCCDD");
    expect(normalizeQueueColor("#0ea5e9")).toBe("#0EA5E9");
    expect(normalizeQueueColor("0ea5e980")).toBe("#0EA5E980");
    expect(normalizeQueueColor("red")).toBe("red");
    expect(QUEUE_COLOR.test("#12345")).toBe(false);
  });

  it("starts a new queue on the first palette colour not in use", () => {
    expect(firstFreeColor([])).toBe(QUEUE_PALETTE[0]);
    expect(firstFreeColor([QUEUE_PALETTE[0].toLowerCase(), QUEUE_PALETTE[1]])).toBe(QUEUE_PALETTE[2]);
  });
});

describe("queue hours", () => {
  it("masks typed digits as HH:MM", () => {
    expect(maskTime("")).toBe("");
    expect(maskTime("0")).toBe("0");
    expect(maskTime("08")).toBe("08");
    expect(maskTime("080")).toBe("08:0");
    expect(maskTime("0800")).toBe("08:00");
    expect(maskTime("08:001")).toBe("08:00");
    expect(maskTime("ab1c2:3d4")).toBe("12:34");
  });

  it("fills the seven days from what a queue has, else from the defaults", () => {
    expect(fillSchedules([])).toEqual(DEFAULT_QUEUE_SCHEDULES);
    const filled = fillSchedules([{ weekday: "?", weekdayEn: "sunday", startTime: "09:00", endTime: "12:00" }]);
    expect(filled).toHaveLength(7);
    expect(filled[6]).toEqual({ weekday: "Domingo", weekdayEn: "sunday", startTime: "09:00", endTime: "12:00" });
    expect(filled[0]).toEqual(DEFAULT_QUEUE_SCHEDULES[0]);
    expect(isClosedDay(DEFAULT_QUEUE_SCHEDULES[6])).toBe(true);
  });

  it("tells whether a moment is inside the hours, in the company's time zone", () => {
    const tz = "America/Sao_Paulo"; // UTC-3
    // Monday 2024-06-03
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-03T11:00:00Z"), tz)).toBe(true); // 08:00
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-03T10:59:00Z"), tz)).toBe(false); // 07:59
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-03T21:00:00Z"), tz)).toBe(true); // 18:00
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-03T21:01:00Z"), tz)).toBe(false); // 18:01
    // Saturday 10:00 open, 13:00 closed; Sunday closed all day (00:00-00:00)
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-08T13:00:00Z"), tz)).toBe(true);
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-08T16:00:00Z"), tz)).toBe(false);
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-09T03:00:00Z"), tz)).toBe(false);
    // Monday 02:00 UTC is still Sunday 23:00 in São Paulo
    expect(isWithinSchedules(DEFAULT_QUEUE_SCHEDULES, new Date("2024-06-03T02:00:00Z"), tz)).toBe(false);
    // no hours set: always open; a day left out of a list: closed
    expect(isWithinSchedules([], new Date("2024-06-09T03:00:00Z"), tz)).toBe(true);
    expect(isWithinSchedules([DEFAULT_QUEUE_SCHEDULES[1]], new Date("2024-06-03T14:00:00Z"), tz)).toBe(false);
  });
});

describe("queue schemas", () => {
  it("the dialog's form: every field, empty order as none, colour normalised", () => {
    const parsed = queueFormSchema.parse({
      name: " Suporte ",
      color: "0ea5e9",
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      orderQueue: "",
      schedules: fillSchedules([]),
    });
    expect(parsed).toMatchObject({ name: "Suporte", color: "#0EA5E9", orderQueue: null });
    expect(parsed.schedules).toEqual(DEFAULT_QUEUE_SCHEDULES);
  });

  it("option queries and bodies: -1 means the roots", () => {
    expect(listOptionsQuery.parse({ queueId: "4", parentId: "-1" })).toEqual({ queueId: 4, parentId: -1 });
    expect(listOptionsQuery.parse({ queueId: "4" })).toEqual({ queueId: 4 });
    expect(listOptionsQuery.safeParse({ queueId: "4", parentId: "-2" }).success).toBe(false);
    expect(createOptionSchema.parse({ queueId: 4, parentId: -1, title: "A", option: 3 })).toMatchObject({ parentId: null, option: "3" });
    expect(createOptionSchema.parse({ queueId: 4, title: "A", option: "" })).toMatchObject({ parentId: null, option: undefined });
  });

  it("a race past the name check maps to ERR_QUEUE_NAME_EXISTS", () => {
    const err = appErrorFromDb({ cause: { code: "23505", constraint_name: "queues_company_name_unique" } });
    expect(err).toMatchObject({ code: "ERR_QUEUE_NAME_EXISTS", status: 409 });
    expect(appErrorFromDb({ code: "23505", constraint_name: "queues_company_color_unique" })).toMatchObject({ code: "ERR_QUEUE_COLOR_ALREADY_EXISTS", status: 409 });
  });
});

describe("buildOptionTree", () => {
  const row = (id: number, parentId: number | null, option: string): QueueOptionRow => ({ id, queueId: 1, parentId, title: `T${id}`, message: "", option });

  it("nests rows under their parents, each level by number, and drops orphans", () => {
    const tree = buildOptionTree([row(5, 1, "2"), row(1, null, "10"), row(2, null, "2"), row(3, 1, "1"), row(4, 3, "1"), row(9, 77, "1")]);
    expect(tree.map((n) => n.id)).toEqual([2, 1]);
    expect(tree[1].children.map((n) => n.id)).toEqual([3, 5]);
    expect(tree[1].children[0].children.map((n) => n.id)).toEqual([4]);
    expect(countDescendants(tree[1])).toBe(3);
    expect(countDescendants(tree[0])).toBe(0);
  });
});
