import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnnouncementCard } from "@/components/announcements/announcement-card";
import type { AnnouncementRow } from "@/components/announcements/announcement-types";
import { feedStep } from "@/components/announcements/feed-event";
import { PriorityBadge } from "@/components/announcements/priority-badge";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

const render = (el: React.ReactElement, locale = "pt", messages: object = pt) => {
  const props = { locale, messages, timeZone: "America/Sao_Paulo", children: el };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, props));
};

const row: AnnouncementRow = {
  id: 7,
  title: "Manutenção",
  text: "Sábado às 22h\nVolta às 23h",
  priority: 1,
  status: true,
  mediaPath: "platform/2026-11/abc-aviso.png",
  mediaName: "aviso.png",
  mediaUrl: "/api/media/platform/2026-11/abc-aviso.png",
  createdAt: "2026-11-25T12:30:00.000Z",
};

describe("the popover's announcement card (core §3)", () => {
  it("borders priority 1 red, 2 orange, 3 grey (the theme's destructive, warning, muted)", () => {
    expect(render(createElement(AnnouncementCard, { row, isNew: false }))).toMatch(/class="[^"]*border-l-destructive[^"]*" data-testid="announcement-item-7" data-priority="1"/);
    expect(render(createElement(AnnouncementCard, { row: { ...row, priority: 2 }, isNew: false }))).toContain("border-l-warning");
    expect(render(createElement(AnnouncementCard, { row: { ...row, priority: 3 }, isNew: false }))).toContain("border-l-muted-foreground/40");
  });

  it("shows title, the date in the locale's format, the text keeping its lines, and the image opening full size in a new tab", () => {
    const html = render(createElement(AnnouncementCard, { row, isNew: true }));
    expect(html).toContain(">Manutenção</h3>");
    expect(html).toContain(">Novo</span>");
    expect(html).toMatch(/<time dateTime="2026-11-25T12:30:00.000Z"[^>]*>25\/11\/2026/);
    expect(html).toContain("whitespace-pre-line");
    expect(html).toContain("Sábado às 22h\nVolta às 23h");
    expect(html).toMatch(/<a href="\/api\/media\/platform\/2026-11\/abc-aviso.png" target="_blank"/);
    expect(html).toContain('<img src="/api/media/platform/2026-11/abc-aviso.png"');
    expect(render(createElement(AnnouncementCard, { row: { ...row, mediaUrl: null, mediaPath: null }, isNew: false }))).not.toContain("<img");
    expect(render(createElement(AnnouncementCard, { row, isNew: true }), "en", en)).toMatch(/>11\/25\/2026/);
  });
});

describe("the priority label", () => {
  it("reads Alta, Média, Baixa in Portuguese", () => {
    expect([1, 2, 3].map((p) => render(createElement(PriorityBadge, { priority: p })).replace(/<[^>]+>/g, ""))).toEqual(["Alta", "Média", "Baixa"]);
  });
});

describe("feedStep", () => {
  const held = (id: number) => id === 7;
  it("removes a deleted or inactive announcement", () => {
    expect(feedStep({ action: "delete", id: 7 }, held)).toEqual({ kind: "remove", id: 7 });
    expect(feedStep({ action: "update", record: { ...row, status: false } }, held)).toEqual({ kind: "remove", id: 7 });
    expect(feedStep({ action: "create", record: { ...row, id: 8, status: false } }, held)).toEqual({ kind: "remove", id: 8 });
  });
  it("reads page 1 again for one it does not hold (new, or active again)", () => {
    expect(feedStep({ action: "create", record: { ...row, id: 8 } }, held)).toEqual({ kind: "catchUp" });
    expect(feedStep({ action: "update", record: { ...row, id: 9 } }, held)).toEqual({ kind: "catchUp" });
  });
  it("updates one it holds from the event, or reads it whole when the text was clipped", () => {
    expect(feedStep({ action: "update", record: row }, held)).toEqual({ kind: "upsert", record: row });
    expect(feedStep({ action: "update", record: { ...row, textTruncated: true } }, held)).toEqual({ kind: "fetch", id: 7 });
  });
});

describe("the announcements catalogue", () => {
  const keys = (o: object, prefix = ""): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  it("has the same keys in pt, en and es, with the spec's Portuguese priorities", () => {
    expect(keys(en.announcements)).toEqual(keys(pt.announcements));
    expect(keys(es.announcements)).toEqual(keys(pt.announcements));
    expect(pt.announcements.priorities).toEqual({ "1": "Alta", "2": "Média", "3": "Baixa" });
    expect(pt.announcements.statuses).toEqual({ true: "Ativo", false: "Inativo" });
  });
});
