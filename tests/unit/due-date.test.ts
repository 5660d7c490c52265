import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActiveUntil } from "@/components/shell/active-until";
import { daysUntilDue, isSubscriptionExpired, lastActiveDay } from "@/lib/companies/due-date";
import messages from "@/messages/pt.json";

// spec core §4: the due date must be in the future; on the due date itself (company timezone) the
// company is expired. Login, refresh, every request, the login toast and the top bar use this.
describe("isSubscriptionExpired", () => {
  const SP = "America/Sao_Paulo";
  it("is expired on the due date and after it, not the day before", () => {
    const now = new Date("2026-03-10T15:00:00Z"); // 12:00 on Mar 10 in São Paulo
    expect(isSubscriptionExpired("2026-03-10", SP, now)).toBe(true);
    expect(isSubscriptionExpired("2026-03-09", SP, now)).toBe(true);
    expect(isSubscriptionExpired("2026-03-11", SP, now)).toBe(false);
    expect(isSubscriptionExpired(null, SP, now)).toBe(false);
  });

  it("judges the day in the company's timezone", () => {
    const now = new Date("2026-03-11T02:00:00Z"); // still Mar 10 (23:00) in São Paulo, Mar 11 in UTC
    expect(isSubscriptionExpired("2026-03-11", SP, now)).toBe(false);
    expect(isSubscriptionExpired("2026-03-11", "UTC", now)).toBe(true);
  });

  it("counts the days left and the last active day to match", () => {
    const now = new Date("2026-03-10T15:00:00Z");
    expect(daysUntilDue("2026-03-13", SP, now)).toBe(3);
    expect(lastActiveDay("2026-03-13")).toBe("2026-03-12");
    expect(lastActiveDay("2026-03-01")).toBe("2026-02-28");
  });
});

const intl = { locale: "pt", messages, timeZone: "America/Sao_Paulo" } as const;

describe("the top bar", () => {
  it("shows the last day the company is active: the day before its due date", () => {
    const props = { ...intl, children: createElement(ActiveUntil, { dueDate: "2026-03-13" }) };
    const html = renderToStaticMarkup(
      createElement(NextIntlClientProvider, props),
    );
    expect(html).toContain("Ativo até 12/03/2026");
  });
});
