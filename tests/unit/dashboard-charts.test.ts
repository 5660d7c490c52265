import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarListChart } from "@/components/dashboard/bar-list-chart";
import { ColumnChart, type ChartPoint } from "@/components/dashboard/column-chart";

// The hand-drawn charts: bars to scale against a round axis, labels, and a table for screen readers.
const points: ChartPoint[] = [
  { label: "04/03", value: 3, tip: "04/03/2024: 3 atendimentos" },
  { label: "05/03", value: 6, tip: "05/03/2024: 6 atendimentos" },
  { label: "06/03", value: 0, tip: "06/03/2024: 0 atendimentos" },
];
const bars = (html: string, attr: "height" | "width") =>
  [...html.matchAll(new RegExp(`${attr}:([\\d.]+)%[^>]*data-value="(\\d+)"`, "g"))].map((m) => [Number(m[2]), Number(m[1])]);

describe("ColumnChart", () => {
  const html = renderToStaticMarkup(createElement(ColumnChart, { points, caption: "Atendimentos por dia", testId: "days" }));

  it("draws each bar's height against the axis top (6 → ticks 0, 2, 4, 6)", () => {
    expect(bars(html, "height")).toEqual([
      [3, 50],
      [6, 100],
      [0, 0],
    ]);
    for (const tick of [0, 2, 4, 6]) expect(html).toContain(`>${tick}</span>`);
  });

  it("prints values over non-empty bars, labels, tooltips and a screen-reader table", () => {
    expect(html).toContain("04/03");
    expect(html).toContain("05/03/2024: 6 atendimentos");
    expect(html).toMatch(/<div class="sr-only"><table><caption>Atendimentos por dia<\/caption>/);
    expect(html).toContain('<th scope="row">06/03</th><td>0</td>');
  });
});

describe("BarListChart", () => {
  it("draws each name's bar width against the axis top (8 → ticks 0, 2, 4, 6, 8)", () => {
    const people = [
      { label: "Ana", value: 8, tip: "Ana: 8 conversas" },
      { label: "Bruno", value: 2, tip: "Bruno: 2 conversas" },
    ];
    const html = renderToStaticMarkup(createElement(BarListChart, { points: people, caption: "Conversas", testId: "users" }));
    expect(bars(html, "width")).toEqual([
      [8, 100],
      [2, 25],
    ]);
    expect(html).toContain('title="Bruno: 2 conversas"');
  });
});
