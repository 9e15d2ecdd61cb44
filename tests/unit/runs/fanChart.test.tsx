// The run page's uncertainty section over a fixture result with percentiles (issue 30 item 2): the
// fan chart (P10–P90 band, P50 line), the NPV distribution, the exceedance convention stated, and no
// section at all for a result without percentiles.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Uncertainty } from "~/components/runs/FanChart";
import { EXCEEDANCE_NOTE, fanRows, npvHistogram, percentilesOf } from "~/components/runs/percentiles";

const years = [2025, 2026, 2027, 2028, 2029];
const p50 = [60_000, 58_000, 56_000, 55_000, 54_000];
// 30 paths' NPVs, spread from −2m to +6m.
const byPath = Array.from({ length: 30 }, (_, i) => -2_000_000 + (i * 8_000_000) / 29);
const fixture = {
  runId: "r1",
  strategies: [],
  percentiles: {
    convention: "exceedance",
    paths: 30,
    years,
    p10: p50.map((v) => v * 1.2),
    p50,
    p90: p50.map((v) => v * 0.8),
    npv: { p10: 4_500_000, p50: 2_000_000, p90: -500_000, byPath },
    equityIrr: { p10: 0.14, p50: 0.1, p90: 0.06 },
    debtP90: 12_300_000,
  },
};

describe("percentiles of a result", () => {
  it("reads the shape the API gives, and nothing from a result without it or with broken arrays", () => {
    const p = percentilesOf(fixture)!;
    expect(p.paths).toBe(30);
    expect(fanRows(p)[0]).toEqual({ year: 2025, p90: 48_000, p50: 60_000, p10: 72_000 });
    expect(percentilesOf({ strategies: [] })).toBeNull();
    expect(percentilesOf(null)).toBeNull();
    expect(percentilesOf({ percentiles: { ...fixture.percentiles, p90: [1, 2] } })).toBeNull();
  });

  it("counts every path's NPV into ten bins from the lowest to the highest", () => {
    const bins = npvHistogram(byPath);
    expect(bins).toHaveLength(10);
    expect(bins.reduce((a, b) => a + b.count, 0)).toBe(30);
    expect(bins[0].from).toBe(-2_000_000);
    expect(bins[9].to).toBeCloseTo(6_000_000, 6);
  });
});

describe("the uncertainty section", () => {
  const html = renderToStaticMarkup(
    <Uncertainty percentiles={percentilesOf(fixture)!} unit="GBP/MW/year" currency="GBP" />,
  );

  it("states the lenders' convention: P90 is the downside", () => {
    expect(EXCEEDANCE_NOTE).toContain("P90 is the value exceeded in 90 % of paths (the downside)");
    expect(html).toContain(EXCEEDANCE_NOTE);
    expect(html).toContain("Across 30 price paths");
  });

  it("says when the paths were estimated from sampled weeks (decision 0512), and nothing for whole paths", () => {
    expect(html).not.toContain("paths-method-note");
    const note = "Each price path's years are estimated from a sampled week a month.";
    const sampled = renderToStaticMarkup(
      <Uncertainty
        percentiles={
          percentilesOf({ percentiles: { ...fixture.percentiles, method: "sampled", methodNote: note } })!
        }
        unit="GBP/MW/year"
        currency="GBP"
      />,
    );
    expect(sampled).toContain('data-testid="paths-method-note"');
    expect(sampled).toContain("estimated from a sampled week a month");
  });

  it("draws the band, the P50 line and the NPV distribution, with a titled SVG for each", () => {
    expect(html).toContain("<title");
    expect(html).toContain("Revenue per year, P10 to P90 (GBP/MW/year)");
    expect(html).toContain("NPV across the paths");
    expect(html).toContain("P10 to P90 band");
    // One area (the band) and one line (P50) in the fan chart: each a path with its own stroke/fill.
    expect(
      html.match(/fill-opacity:0.25/g)?.length ?? html.match(/fill-opacity: 0.25/g)?.length,
    ).toBeGreaterThan(0);
  });

  it("lists each year's P90, P50 and P10 in the table, P90 ≤ P50 ≤ P10", () => {
    const rows = [
      ...html.matchAll(
        /<tr><th scope="row">(\d{4})<\/th><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td><\/tr>/g,
      ),
    ];
    expect(rows.map((r) => Number(r[1]))).toEqual(years);
    for (const r of rows) {
      const [lo, mid, hi] = [r[2], r[3], r[4]].map((s) => Number(s.replace(/[^\d.-]/g, "")));
      expect(lo).toBeLessThanOrEqual(mid);
      expect(mid).toBeLessThanOrEqual(hi);
    }
    expect(rows[0].slice(2)).toEqual(["48,000", "60,000", "72,000"]);
  });

  it("shows the paths' NPV, equity IRR and P90 debt as the downside first", () => {
    expect(html).toContain("−£500k / £2.0m / £4.5m");
    expect(html).toContain("6.0 % / 10.0 % / 14.0 %");
    expect(html).toContain("£12.3m");
  });
});
