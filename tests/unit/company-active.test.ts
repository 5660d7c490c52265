import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { assertCompanyActive } from "@/lib/auth/assert-company-active";
import { isSubscriptionExpired } from "@/lib/companies/due-date";
import { addDaysToDate } from "@/lib/dates/today";

const ZONES = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Etc/GMT+12", "America/Sao_Paulo", "Asia/Kolkata", "UTC"];

function refusal(dueDate: string | null, timezone: string, now: Date): string | null {
  try {
    assertCompanyActive({ status: true, dueDate, timezone }, now);
    return null;
  } catch (err) {
    return (err as AppError).code;
  }
}

describe("assertCompanyActive", () => {
  it("agrees with the timezone rule around every due date, at every hour, in the extreme timezones", () => {
    for (let hour = 0; hour < 48; hour++) {
      const now = new Date(Date.UTC(2026, 2, 10, hour, 30));
      const utcDay = now.toISOString().slice(0, 10);
      for (const timezone of ZONES) {
        for (let d = -3; d <= 3; d++) {
          const dueDate = addDaysToDate(utcDay, d);
          const expected = isSubscriptionExpired(dueDate, timezone, now) ? "ERR_SUBSCRIPTION_EXPIRED" : null;
          expect({ now, timezone, dueDate, got: refusal(dueDate, timezone, now) }).toEqual({ now, timezone, dueDate, got: expected });
        }
      }
    }
  });

  it("lets a company without due date work, and refuses an inactive one first", () => {
    expect(refusal(null, "UTC", new Date())).toBeNull();
    expect(() => assertCompanyActive({ status: false, dueDate: "2000-01-01", timezone: "UTC" })).toThrow(
      expect.objectContaining({ code: "ERR_COMPANY_INACTIVE", status: 403 }),
    );
  });
});
