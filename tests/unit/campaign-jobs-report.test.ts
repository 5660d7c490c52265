import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportCards } from "@/components/campaigns/report/report-cards";
import { ReportProgress } from "@/components/campaigns/report/report-progress";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";
import { applyCampaignEvent, progressPercent, toReportCampaign, type ReportCampaign } from "@/components/campaigns/report/report-state";

const report = { total: 3, valid: 3, invalid: 0, delivered: 1, confirmationRequested: 0, confirmed: 0, failed: 0, awaitingConfirmation: 0, pause: null };
const row = {
  id: 4,
  name: "Black Friday",
  status: "EM_ANDAMENTO",
  confirmation: false,
  scheduledAt: new Date("2026-11-25T12:00:00Z"),
  completedAt: null,
  whatsapp: { id: 1, name: "Sandbox" },
  contactList: null,
};
const campaign: ReportCampaign = toReportCampaign(row, report);

describe("the report's state", () => {
  it("a CampaignRow becomes what the page shows (dates as ISO strings, names or null)", () => {
    expect(campaign).toEqual({
      id: 4,
      name: "Black Friday",
      status: "EM_ANDAMENTO",
      confirmation: false,
      scheduledAt: "2026-11-25T12:00:00.000Z",
      completedAt: null,
      whatsappName: "Sandbox",
      contactListName: null,
      report,
    });
  });

  it("a progress event of this campaign brings its status, completion and figures", () => {
    const done = { ...report, delivered: 3 };
    const next = applyCampaignEvent(campaign, { action: "progress", campaignId: 4, status: "FINALIZADA", completedAt: "2026-11-25T12:01:00.000Z", report: done });
    expect(next).toEqual({ ...campaign, status: "FINALIZADA", completedAt: "2026-11-25T12:01:00.000Z", report: done });
  });

  it("another campaign's events change nothing", () => {
    expect(applyCampaignEvent(campaign, { action: "progress", campaignId: 5, status: "FINALIZADA", completedAt: null, report })).toBe(campaign);
    expect(applyCampaignEvent(campaign, { action: "update", record: { ...row, id: 5 } })).toBe(campaign);
    expect(applyCampaignEvent(campaign, { action: "delete", id: 5 })).toBe(campaign);
  });

  it("an edit keeps the figures; a delete of this campaign says so", () => {
    const edited = applyCampaignEvent(campaign, { action: "update", record: { ...row, name: "Natal", contactList: { name: "Clientes" } } });
    expect(edited).toMatchObject({ name: "Natal", contactListName: "Clientes", report });
    expect(applyCampaignEvent(campaign, { action: "delete", id: 4 })).toBe("deleted");
  });

  it("progress is delivered of valid, in whole percent", () => {
    expect(progressPercent(report)).toBe(33);
    expect(progressPercent({ ...report, delivered: 3 })).toBe(100);
    expect(progressPercent({ ...report, valid: 0, delivered: 0 })).toBe(0);
  });
});

// the provider's children passed as props (a variable), as the other component tests do
const render = (el: React.ReactElement, messages: typeof pt = pt, locale = "pt") => {
  const props = { locale, messages, timeZone: "America/Sao_Paulo", children: el };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, props));
};
const keysOf = (o: object, at = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keysOf(v, `${at}${k}.`) : [`${at}${k}`]));

describe("the report's cards and progress (admin.md §2.7)", () => {
  it("confirmation off: valid, delivered, connection, list, scheduling, completion; the empty values as the spec reads them", () => {
    const html = render(createElement(ReportCards, { campaign: { ...campaign, whatsappName: null, scheduledAt: null } }));
    expect(html).toContain("Contatos válidos");
    expect(html).toContain("Entregues");
    expect(html).not.toContain("Confirmações");
    expect(html).toMatch(/data-testid="campaign-report-connection-value"[^>]*>Não definida</);
    expect(html).toMatch(/data-testid="campaign-report-contactList-value"[^>]*>Não definida</);
    expect(html).toMatch(/data-testid="campaign-report-scheduledAt-value"[^>]*>Sem agendamento</);
    expect(html).toMatch(/data-testid="campaign-report-completedAt-value"[^>]*>Não concluída</);
  });

  it("confirmation on: the two confirmation cards with their counts", () => {
    const html = render(createElement(ReportCards, { campaign: { ...campaign, confirmation: true, report: { ...report, confirmationRequested: 2, confirmed: 1 } } }));
    expect(html).toMatch(/Confirmações solicitadas<\/p><p[^>]*data-testid="campaign-report-confirmationRequested-value"[^>]*>2</);
    expect(html).toMatch(/>Confirmações<\/p><p[^>]*data-testid="campaign-report-confirmed-value"[^>]*>1</);
  });

  it("the status line reads the status and delivered of valid; the bar is the percentage", () => {
    const html = render(createElement(ReportProgress, { campaign }));
    expect(html).toContain(">Em Andamento<");
    expect(html).toMatch(/data-testid="campaign-report-delivered-of-valid"[^>]*>1 de 3</);
    expect(html).toContain('aria-valuenow="33"');
    expect(html).toContain("width:33%");
  });

  it("a Finalizada campaign still waiting for answers says so, in the status line and the requests card (issue 34 §2.3)", () => {
    const waiting = { ...campaign, status: "FINALIZADA", confirmation: true, report: { ...report, confirmationRequested: 3, confirmed: 1, awaitingConfirmation: 2 } };
    expect(render(createElement(ReportProgress, { campaign: waiting }))).toMatch(/data-testid="campaign-report-awaiting"[^>]*>.*Aguardando 2 confirmações</);
    expect(render(createElement(ReportCards, { campaign: waiting }))).toMatch(/data-testid="campaign-report-confirmationRequested-note"[^>]*>2 aguardando resposta</);
    const one = { ...waiting, report: { ...waiting.report, awaitingConfirmation: 1 } };
    expect(render(createElement(ReportProgress, { campaign: one }), en as typeof pt, "en")).toContain("Awaiting 1 confirmation<");
    expect(render(createElement(ReportProgress, { campaign: one }), es as typeof pt, "es")).toContain("Esperando 1 confirmación<");
    // nobody left to answer: nothing said
    const none = render(createElement(ReportProgress, { campaign: { ...waiting, report } }));
    expect(none).not.toContain("campaign-report-awaiting");
  });

  it("the campaignReport texts exist in pt, en and es with the same keys", () => {
    const keys = keysOf(pt.campaignReport).sort();
    expect(keysOf(en.campaignReport).sort()).toEqual(keys);
    expect(keysOf(es.campaignReport).sort()).toEqual(keys);
    expect(render(createElement(ReportProgress, { campaign }), en as typeof pt, "en")).toContain("1 of 3");
  });
});
