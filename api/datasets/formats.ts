// The file formats the importer understands, recognised by their header (never by file name):
// the layouts of ../shared/data (data/SOURCES.md) and the public sources' own download formats.
// Each format turns rows into series with their true source, region, geography, granularity, unit.
import type { Granularity, MarketRegion } from "../db/schema/datasets.ts";
import type { DatasetMeta, StoredSeries } from "./store.ts";
import { localMidnightUtc, localToUtc, parseDate, parseIsoInstant, parseNaiveAtOffset } from "./time.ts";

export interface RowSink {
  row(cells: string[]): void;
  finish(): StoredSeries[];
}

export interface Format {
  id: string;
  /** Shown by `npm run data:import -- --formats` and in the README. */
  description: string;
  delimiter: string;
  /** Does this header (first line, split) belong to the format? */
  detect(header: string[], firstLine: string): boolean;
  create(header: string[]): RowSink;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const NEM_OFFSET_MIN = 600; // NEM time: UTC+10 all year.

const SUBSCRIPTION: Record<MarketRegion, string> = {
  "great-britain": "data_gb",
  ercot: "data_ercot",
  "aus-nem": "data_nem",
  europe: "data_europe",
};

function num(s: string | undefined): number {
  if (s === undefined) return NaN;
  const t = s.trim();
  if (t === "" || t.toLowerCase() === "nan" || t.toLowerCase() === "null") return NaN;
  return Number(t);
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

type MetaInput = Omit<DatasetMeta, "synthetic" | "subscriptionKey" | "category" | "description"> & {
  description?: string;
  subscriptionKey?: string | null;
};

function meta(m: MetaInput): DatasetMeta {
  return {
    ...m,
    slug: slugify(m.slug),
    description: m.description ?? "",
    synthetic: false,
    subscriptionKey: m.subscriptionKey === undefined ? SUBSCRIPTION[m.region] : m.subscriptionKey,
    category: "LIVEANDHISTORIC",
  };
}

/** Points of many series keyed by slug; the same timestamp twice keeps the last value. */
class Collector {
  private series = new Map<string, { meta: DatasetMeta; points: Map<number, number> }>();
  add(slug: string, makeMeta: () => DatasetMeta, ts: number, value: number) {
    if (!Number.isFinite(ts) || !Number.isFinite(value)) return;
    let s = this.series.get(slug);
    if (!s) {
      s = { meta: makeMeta(), points: new Map() };
      this.series.set(slug, s);
    }
    s.points.set(ts, value);
  }
  finish(): StoredSeries[] {
    const out: StoredSeries[] = [];
    for (const { meta, points } of this.series.values()) {
      const ts = Float64Array.from(points.keys()).sort();
      const values = new Float64Array(ts.length);
      for (let i = 0; i < ts.length; i++) values[i] = points.get(ts[i])!;
      out.push({ meta, series: { ts, values } });
    }
    return out;
  }
}

function columns(header: string[]): (name: string) => number {
  const idx = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  return (name) => {
    const i = idx.get(name.toLowerCase());
    if (i === undefined) throw new Error(`missing column ${name}`);
    return i;
  };
}

const has = (header: string[], ...names: string[]) => {
  const set = new Set(header.map((h) => h.trim().toLowerCase()));
  return names.every((n) => set.has(n.toLowerCase()));
};

function granularityOfMinutes(minutes: number): Granularity {
  if (minutes <= 5) return "5 min";
  if (minutes <= 15) return "15 min";
  if (minutes <= 30) return "30 min";
  if (minutes <= 60) return "hourly";
  return "daily";
}

function granLabel(g: Granularity): string {
  return g === "hourly" ? "hourly" : g.replace(" ", "");
}

// ---------------------------------------------------------------------------------------- GB

const gbImrp: Format = {
  id: "lccc-imrp",
  description:
    "GB day-ahead hourly IMRP (LCCC IMRP actuals, reshaped): settlement_date, hour, hour_start_utc, imrp_gbp_per_mwh",
  delimiter: ",",
  detect: (h) => has(h, "hour_start_utc", "imrp_gbp_per_mwh"),
  create(h) {
    const c = columns(h);
    const [ts, v] = [c("hour_start_utc"), c("imrp_gbp_per_mwh")];
    const out = new Collector();
    const m = () =>
      meta({
        slug: "gb-day-ahead-price-hourly",
        title: "GB day-ahead price (IMRP)",
        description:
          "Intermittent Market Reference Price: the volume-weighted GB hourly day-ahead auction price (EPEX and N2EX), published by the Low Carbon Contracts Company.",
        region: "great-britain",
        geography: "GB",
        granularity: "hourly",
        source: "LCCC (IMRP)",
        unit: "GBP/MWh",
        variableType: "price",
        groupName: "Day-ahead prices",
        // A free sample of GB data: the day-ahead price everyone starts from.
        subscriptionKey: null,
      });
    return {
      row: (r) => out.add("gb-day-ahead-price-hourly", m, parseIsoInstant(r[ts]), num(r[v])),
      finish: () => out.finish(),
    };
  },
};

function gbSystemPriceMetas() {
  return {
    sys: () =>
      meta({
        slug: "gb-system-price-30min",
        title: "GB system price (imbalance)",
        description: "The single imbalance (cash-out) price of each settlement period.",
        region: "great-britain",
        geography: "GB",
        granularity: "30 min",
        source: "Elexon BMRS",
        unit: "GBP/MWh",
        variableType: "price",
        groupName: "Imbalance prices",
      }),
    mip: () =>
      meta({
        slug: "gb-market-index-price-30min",
        title: "GB market index price",
        description:
          "Elexon's Market Index Price: a short-term wholesale reference price (APX/EPEX-based) per settlement period.",
        region: "great-britain",
        geography: "GB",
        granularity: "30 min",
        source: "Elexon BMRS",
        unit: "GBP/MWh",
        variableType: "price",
        groupName: "Market index prices",
      }),
  };
}

const gbSystemPrice: Format = {
  id: "elexon-system-prices",
  description:
    "GB system price and market index price, half-hourly: settlement_date, settlement_period, period_start_utc, system_price_gbp_per_mwh, market_index_price_gbp_per_mwh",
  delimiter: ",",
  detect: (h) => has(h, "period_start_utc", "system_price_gbp_per_mwh"),
  create(h) {
    const c = columns(h);
    const [ts, sys] = [c("period_start_utc"), c("system_price_gbp_per_mwh")];
    const mip = h.some((x) => x.trim() === "market_index_price_gbp_per_mwh")
      ? c("market_index_price_gbp_per_mwh")
      : -1;
    const out = new Collector();
    const metas = gbSystemPriceMetas();
    return {
      row(r) {
        const t = parseIsoInstant(r[ts]);
        out.add("gb-system-price-30min", metas.sys, t, num(r[sys]));
        if (mip >= 0) out.add("gb-market-index-price-30min", metas.mip, t, num(r[mip]));
      },
      finish: () => out.finish(),
    };
  },
};

/** Elexon Insights Solution "system prices" download (CSV of /balancing/settlement/system-prices). */
const elexonInsightsSystemPrice: Format = {
  id: "elexon-insights-system-prices",
  description:
    "Elexon Insights (BMRS) system prices download: settlementDate, settlementPeriod, startTime, systemSellPrice, …",
  delimiter: ",",
  detect: (h) => has(h, "startTime", "systemSellPrice"),
  create(h) {
    const c = columns(h);
    const [ts, ssp] = [c("startTime"), c("systemSellPrice")];
    const out = new Collector();
    const metas = gbSystemPriceMetas();
    return {
      row: (r) => out.add("gb-system-price-30min", metas.sys, parseIsoInstant(r[ts]), num(r[ssp])),
      finish: () => out.finish(),
    };
  },
};

const NESO_COLUMNS: {
  col: string;
  slug: string;
  title: string;
  variableType: string;
  group: string;
  description: string;
}[] = [
  {
    col: "ND",
    slug: "gb-national-demand-30min",
    title: "GB national demand",
    variableType: "demand",
    group: "Demand",
    description:
      "National demand (ND): transmission-connected demand, excluding station load, pumping and exports.",
  },
  {
    col: "TSD",
    slug: "gb-transmission-system-demand-30min",
    title: "GB transmission system demand",
    variableType: "demand",
    group: "Demand",
    description:
      "Transmission system demand (TSD): ND plus station load, pumped storage pumping and exports.",
  },
  {
    col: "ENGLAND_WALES_DEMAND",
    slug: "gb-england-wales-demand-30min",
    title: "England and Wales demand",
    variableType: "demand",
    group: "Demand",
    description: "National demand of England and Wales.",
  },
  {
    col: "EMBEDDED_WIND_GENERATION",
    slug: "gb-embedded-wind-generation-30min",
    title: "GB embedded wind generation",
    variableType: "generation",
    group: "Generation",
    description: "NESO estimate of distribution-connected wind output.",
  },
  {
    col: "EMBEDDED_SOLAR_GENERATION",
    slug: "gb-embedded-solar-generation-30min",
    title: "GB embedded solar generation",
    variableType: "generation",
    group: "Generation",
    description: "NESO estimate of distribution-connected solar output.",
  },
  {
    col: "PUMP_STORAGE_PUMPING",
    slug: "gb-pump-storage-pumping-30min",
    title: "GB pumped storage pumping",
    variableType: "demand",
    group: "Demand",
    description: "Demand of pumped storage units while pumping.",
  },
];

const nesoDemand: Format = {
  id: "neso-historic-demand",
  description:
    "NESO Historic Demand Data (demanddata_YYYY.csv, the portal's own format): SETTLEMENT_DATE, SETTLEMENT_PERIOD, ND, TSD, …",
  delimiter: ",",
  detect: (h) => has(h, "SETTLEMENT_DATE", "SETTLEMENT_PERIOD", "ND", "TSD"),
  create(h) {
    const c = columns(h);
    const [date, period] = [c("SETTLEMENT_DATE"), c("SETTLEMENT_PERIOD")];
    const cols = NESO_COLUMNS.filter((x) => has(h, x.col)).map((x) => ({
      ...x,
      i: c(x.col),
      meta: () =>
        meta({
          slug: x.slug,
          title: x.title,
          description: x.description,
          region: "great-britain",
          geography: "GB",
          granularity: "30 min",
          source: "NESO",
          unit: "MW",
          variableType: x.variableType,
          groupName: x.group,
        }),
    }));
    const out = new Collector();
    return {
      row(r) {
        const d = parseDate(r[date]);
        const p = num(r[period]);
        if (!d || !Number.isInteger(p)) return;
        const t = localMidnightUtc("Europe/London", ...d) + (p - 1) * 30 * MIN;
        for (const x of cols) out.add(x.slug, x.meta, t, num(r[x.i]));
      },
      finish: () => out.finish(),
    };
  },
};

// ---------------------------------------------------------------------------------- Germany

const DE_COLUMNS = [
  {
    col: "day_ahead_price_eur_mwh",
    slug: "de-lu-day-ahead-price-hourly",
    title: "DE-LU day-ahead price",
    unit: "EUR/MWh",
    variableType: "price",
    group: "Day-ahead prices",
    description:
      "EPEX Spot day-ahead auction price of the German-Luxembourg bidding zone (hourly; hourly mean of the 15-minute auction from October 2025).",
  },
  {
    col: "net_load_mw_avg",
    slug: "de-load-hourly",
    title: "Germany load",
    unit: "MW",
    variableType: "demand",
    group: "Demand",
    description: "Hourly mean net load.",
  },
  {
    col: "renewable_generation_mw_avg",
    slug: "de-renewable-generation-hourly",
    title: "Germany renewable generation",
    unit: "MW",
    variableType: "generation",
    group: "Generation",
    description: "Hourly mean renewable generation (wind, solar, hydro, biomass).",
  },
  {
    col: "solar_mw_avg",
    slug: "de-solar-generation-hourly",
    title: "Germany solar generation",
    unit: "MW",
    variableType: "generation",
    group: "Generation",
    description: "Hourly mean solar generation.",
  },
  {
    col: "residual_load_mw_avg",
    slug: "de-residual-load-hourly",
    title: "Germany residual load",
    unit: "MW",
    variableType: "residual_load",
    group: "Demand",
    description: "Hourly mean load minus renewable generation.",
  },
] as const;

const energyCharts: Format = {
  id: "energy-charts-de",
  description:
    "Germany hourly (Energy-Charts): timestamp_unix, datetime_utc, net_load_mw_avg, …, day_ahead_price_eur_mwh",
  delimiter: ",",
  detect: (h) => has(h, "datetime_utc", "day_ahead_price_eur_mwh"),
  create(h) {
    const c = columns(h);
    const ts = c("datetime_utc");
    const cols = DE_COLUMNS.filter((x) => has(h, x.col)).map((x) => ({
      slug: x.slug,
      i: c(x.col),
      meta: () =>
        meta({
          slug: x.slug,
          title: x.title,
          description: x.description,
          region: "europe",
          geography: "DE-LU",
          granularity: "hourly",
          source: "Energy-Charts (Fraunhofer ISE)",
          unit: x.unit,
          variableType: x.variableType,
          groupName: x.group,
        }),
    }));
    const out = new Collector();
    return {
      row(r) {
        const t = parseIsoInstant(r[ts]);
        for (const x of cols) out.add(x.slug, x.meta, t, num(r[x.i]));
      },
      finish: () => out.finish(),
    };
  },
};

// ------------------------------------------------------------------------------------ Spain

function omieMeta(zone: "ES" | "PT", g: Granularity) {
  const slug = `omie-${zone.toLowerCase()}-day-ahead-price-${granLabel(g)}`;
  return {
    slug,
    meta: () =>
      meta({
        slug,
        title: `${zone === "ES" ? "Spain" : "Portugal"} day-ahead price${g === "15 min" ? " (15 min)" : ""}`,
        description: `OMIE day-ahead marginal price of the ${zone === "ES" ? "Spanish" : "Portuguese"} zone${g === "15 min" ? ", 15-minute periods (from October 2025)" : ""}.`,
        region: "europe",
        geography: zone,
        granularity: g,
        source: "OMIE",
        unit: "EUR/MWh",
        variableType: "price",
        groupName: "Day-ahead prices",
      }),
  };
}

const omieDerived: Format = {
  id: "omie-day-ahead",
  description:
    "OMIE day-ahead ES/PT: delivery_date, period, resolution_minutes, interval_start_utc, …, price_es_eur_per_mwh, price_pt_eur_per_mwh (60-min rows go to the hourly series, 15-min rows to the 15-min series); or the hourly file with hour_start_utc",
  delimiter: ",",
  detect: (h) => has(h, "price_es_eur_per_mwh") && (has(h, "interval_start_utc") || has(h, "hour_start_utc")),
  create(h) {
    const c = columns(h);
    const ts = has(h, "interval_start_utc") ? c("interval_start_utc") : c("hour_start_utc");
    const res = has(h, "resolution_minutes") ? c("resolution_minutes") : -1;
    const [es, pt] = [
      c("price_es_eur_per_mwh"),
      has(h, "price_pt_eur_per_mwh") ? c("price_pt_eur_per_mwh") : -1,
    ];
    const out = new Collector();
    return {
      row(r) {
        const g = res >= 0 ? granularityOfMinutes(num(r[res])) : "hourly";
        const t = parseIsoInstant(r[ts]);
        const e = omieMeta("ES", g);
        out.add(e.slug, e.meta, t, num(r[es]));
        if (pt >= 0) {
          const p = omieMeta("PT", g);
          out.add(p.slug, p.meta, t, num(r[pt]));
        }
      },
      finish: () => out.finish(),
    };
  },
};

/** OMIE's own daily marginalpdbc_YYYYMMDD.N files: "MARGINALPDBC;" then year;month;day;period;PT;ES; and "*". */
const omieRaw: Format = {
  id: "omie-marginalpdbc",
  description:
    "OMIE's own marginalpdbc_YYYYMMDD.N files (semicolon-separated: year;month;day;period;price PT;price ES;)",
  delimiter: ";",
  detect: (_h, first) => first.trim().toUpperCase().startsWith("MARGINALPDBC"),
  create() {
    const rows: { d: [number, number, number]; period: number; pt: number; es: number }[] = [];
    return {
      row(r) {
        if (r.length < 6 || !/^\d{4}$/.test(r[0].trim())) return;
        rows.push({ d: [num(r[0]), num(r[1]), num(r[2])], period: num(r[3]), pt: num(r[4]), es: num(r[5]) });
      },
      finish() {
        const maxPeriod = new Map<string, number>();
        for (const x of rows) {
          const k = x.d.join("-");
          maxPeriod.set(k, Math.max(maxPeriod.get(k) ?? 0, x.period));
        }
        const out = new Collector();
        for (const x of rows) {
          const minutes = (maxPeriod.get(x.d.join("-")) ?? 24) > 25 ? 15 : 60;
          const g = granularityOfMinutes(minutes);
          const t = localMidnightUtc("Europe/Madrid", ...x.d) + (x.period - 1) * minutes * MIN;
          const e = omieMeta("ES", g);
          const p = omieMeta("PT", g);
          out.add(e.slug, e.meta, t, x.es);
          out.add(p.slug, p.meta, t, x.pt);
        }
        return out.finish();
      },
    };
  },
};

// -------------------------------------------------------------------------------------- NEM

const NEM_REGION_NAMES: Record<string, string> = {
  NSW1: "New South Wales",
  QLD1: "Queensland",
  VIC1: "Victoria",
  SA1: "South Australia",
  TAS1: "Tasmania",
};

function nemMeta(region: string, variable: "rrp" | "demand", g: Granularity, source = "AEMO") {
  const slug = `nem-${region.toLowerCase()}-${variable}-${granLabel(g)}`;
  const name = NEM_REGION_NAMES[region] ?? region;
  return {
    slug,
    meta: () =>
      meta({
        slug,
        title: variable === "rrp" ? `${region} price (RRP)` : `${region} operational demand`,
        description:
          variable === "rrp"
            ? `Regional Reference Price of ${name}, AUD/MWh excluding GST.`
            : `Total operational demand of ${name}.`,
        region: "aus-nem",
        geography: region,
        granularity: g,
        source,
        unit: variable === "rrp" ? "AUD/MWh" : "MW",
        variableType: variable === "rrp" ? "price" : "demand",
        groupName: variable === "rrp" ? "Spot prices" : "Demand",
      }),
  };
}

/** Rows of interval ENDS per region; the interval length is the smallest step seen per region. */
function nemByEnds(source: string) {
  const rows: { region: string; end: number; rrp: number; demand: number }[] = [];
  return {
    push: (x: { region: string; end: number; rrp: number; demand: number }) => rows.push(x),
    finish(): StoredSeries[] {
      const step = new Map<string, number>();
      const last = new Map<string, number>();
      for (const x of rows) {
        const prev = last.get(x.region);
        if (prev !== undefined && x.end > prev)
          step.set(x.region, Math.min(step.get(x.region) ?? Infinity, x.end - prev));
        last.set(x.region, x.end);
      }
      const out = new Collector();
      for (const x of rows) {
        const ms = step.get(x.region);
        const minutes = ms && Number.isFinite(ms) ? ms / MIN : 5;
        const g = granularityOfMinutes(minutes);
        const start = x.end - minutes * MIN;
        const p = nemMeta(x.region, "rrp", g, source);
        const d = nemMeta(x.region, "demand", g, source);
        out.add(p.slug, p.meta, start, x.rrp);
        out.add(d.slug, d.meta, start, x.demand);
      }
      return out.finish();
    },
  };
}

const nemRrpDemand: Format = {
  id: "aemo-price-and-demand-reshaped",
  description:
    "NEM price and demand (AEMO, reshaped): region, settlement_date_nem, interval_start_utc, rrp_aud_per_mwh, total_demand_mw",
  delimiter: ",",
  detect: (h) => has(h, "region", "settlement_date_nem", "rrp_aud_per_mwh", "total_demand_mw"),
  create(h) {
    const c = columns(h);
    const [region, end] = [c("region"), c("settlement_date_nem")];
    const [rrp, demand] = [c("rrp_aud_per_mwh"), c("total_demand_mw")];
    const acc = nemByEnds("AEMO");
    return {
      row: (r) =>
        acc.push({
          region: r[region].trim(),
          end: parseNaiveAtOffset(r[end], NEM_OFFSET_MIN),
          rrp: num(r[rrp]),
          demand: num(r[demand]),
        }),
      finish: () => acc.finish(),
    };
  },
};

/** AEMO's own PRICE_AND_DEMAND_YYYYMM_REGION.csv: REGION,SETTLEMENTDATE,TOTALDEMAND,RRP,PERIODTYPE. */
const aemoPriceAndDemand: Format = {
  id: "aemo-price-and-demand",
  description:
    "AEMO's own PRICE_AND_DEMAND_YYYYMM_REGION.csv (REGION, SETTLEMENTDATE interval end in NEM time, TOTALDEMAND, RRP, PERIODTYPE)",
  delimiter: ",",
  detect: (h) => has(h, "REGION", "SETTLEMENTDATE", "TOTALDEMAND", "RRP"),
  create(h) {
    const c = columns(h);
    const [region, end, demand, rrp] = [c("REGION"), c("SETTLEMENTDATE"), c("TOTALDEMAND"), c("RRP")];
    const acc = nemByEnds("AEMO");
    return {
      row: (r) =>
        acc.push({
          region: r[region].trim(),
          end: parseNaiveAtOffset(r[end], NEM_OFFSET_MIN),
          rrp: num(r[rrp]),
          demand: num(r[demand]),
        }),
      finish: () => acc.finish(),
    };
  },
};

const openElectricity: Format = {
  id: "openelectricity-price",
  description:
    "NEM hourly price (OpenElectricity API): region, hour_start_nem, hour_start_utc, price_aud_per_mwh",
  delimiter: ",",
  detect: (h) => has(h, "region", "hour_start_utc", "price_aud_per_mwh"),
  create(h) {
    const c = columns(h);
    const [region, ts, price] = [c("region"), c("hour_start_utc"), c("price_aud_per_mwh")];
    const out = new Collector();
    return {
      row(r) {
        const reg = r[region].trim();
        const p = nemMeta(reg, "rrp", "hourly", "OpenElectricity (AEMO)");
        out.add(p.slug, p.meta, parseIsoInstant(r[ts]), num(r[price]));
      },
      finish: () => out.finish(),
    };
  },
};

const FCAS_MARKETS = [
  "raise6sec",
  "raise60sec",
  "raise5min",
  "raisereg",
  "lower6sec",
  "lower60sec",
  "lower5min",
  "lowerreg",
  "raise1sec",
  "lower1sec",
];

const nemFcas: Format = {
  id: "aemo-dispatch-prices",
  description:
    "NEM energy and FCAS dispatch prices (AEMO NEMweb DISPATCHPRICE, reshaped): region, settlement_date_nem, interval_start_utc, energy_rrp_aud_per_mwh, raise6sec_aud_per_mw_h, …",
  delimiter: ",",
  detect: (h) => has(h, "region", "interval_start_utc", "energy_rrp_aud_per_mwh"),
  create(h) {
    const c = columns(h);
    const [region, ts, rrp] = [c("region"), c("interval_start_utc"), c("energy_rrp_aud_per_mwh")];
    const markets = FCAS_MARKETS.filter((m) => has(h, `${m}_aud_per_mw_h`)).map((m) => ({
      m,
      i: c(`${m}_aud_per_mw_h`),
    }));
    const out = new Collector();
    return {
      row(r) {
        const reg = r[region].trim();
        const t = parseIsoInstant(r[ts]);
        const p = nemMeta(reg, "rrp", "5 min");
        out.add(p.slug, p.meta, t, num(r[rrp]));
        for (const { m, i } of markets) {
          const slug = `nem-${reg.toLowerCase()}-fcas-${m}-5min`;
          const label = m
            .replace(/^(raise|lower)/, (x) => `${x[0].toUpperCase()}${x.slice(1)} `)
            .replace("reg", "regulation");
          out.add(
            slug,
            () =>
              meta({
                slug,
                title: `${reg} FCAS ${label.trim()} price`,
                description: `Frequency control ancillary service price (${m.toUpperCase()}) of ${NEM_REGION_NAMES[reg] ?? reg}, per MW of enablement per hour.`,
                region: "aus-nem",
                geography: reg,
                granularity: "5 min",
                source: "AEMO",
                unit: "AUD/MW/h",
                variableType: "ancillary_price",
                groupName: "Ancillary services",
              }),
            t,
            num(r[i]),
          );
        }
      },
      finish: () => out.finish(),
    };
  },
};

// ------------------------------------------------------------------------------------ ERCOT

const ERCOT_TZ = "America/Chicago";

function ercotPointMeta(point: string, market: "dam" | "rtm", g: Granularity) {
  const slug = `ercot-${point}-${market}${g === "hourly" ? "" : `-${granLabel(g)}`}`;
  const hub = point.startsWith("HB_");
  return {
    slug,
    meta: () =>
      meta({
        slug,
        title: `ERCOT ${point} ${market === "dam" ? "day-ahead" : "real-time"} price${g === "15 min" ? " (15 min)" : ""}`,
        description: `${market === "dam" ? "Day-ahead market" : "Real-time market"} settlement point price of the ${hub ? "hub" : "load zone"} ${point}${market === "rtm" && g === "hourly" ? " (hourly mean of the 15-minute prices)" : ""}.`,
        region: "ercot",
        geography: point,
        granularity: g,
        source: "ERCOT",
        unit: "USD/MWh",
        variableType: "price",
        groupName: market === "dam" ? "Day-ahead prices" : "Real-time prices",
      }),
  };
}

/** Hour-ending h (1-24) of a Central-time operating day → UTC start of the hour. */
function ercotHourStart(d: [number, number, number], hourEnding: number, repeated: boolean): number {
  return localToUtc(ERCOT_TZ, d[0], d[1], d[2], hourEnding - 1, 0) + (repeated ? HOUR : 0);
}

const ercotHubLz: Format = {
  id: "ercot-spp-hourly",
  description:
    "ERCOT hub and load-zone prices, hourly: delivery_date, hour_ending, settlement_point, dam_price_usd_per_mwh, rtm_price_usd_per_mwh",
  delimiter: ",",
  detect: (h) => has(h, "delivery_date", "hour_ending", "settlement_point"),
  create(h) {
    const c = columns(h);
    const [date, he, point] = [c("delivery_date"), c("hour_ending"), c("settlement_point")];
    const dam = has(h, "dam_price_usd_per_mwh") ? c("dam_price_usd_per_mwh") : -1;
    const rtm = has(h, "rtm_price_usd_per_mwh") ? c("rtm_price_usd_per_mwh") : -1;
    const out = new Collector();
    return {
      row(r) {
        const d = parseDate(r[date], { us: true });
        const hour = num(r[he]);
        if (!d || !Number.isInteger(hour)) return;
        const t = ercotHourStart(d, hour, false);
        const p = r[point].trim();
        if (dam >= 0) {
          const m = ercotPointMeta(p, "dam", "hourly");
          out.add(m.slug, m.meta, t, num(r[dam]));
        }
        if (rtm >= 0) {
          const m = ercotPointMeta(p, "rtm", "hourly");
          out.add(m.slug, m.meta, t, num(r[rtm]));
        }
      },
      finish: () => out.finish(),
    };
  },
};

/** ERCOT's own DAM Settlement Point Prices report (NP4-190-CD). */
const ercotDamSpp: Format = {
  id: "ercot-np4-190",
  description:
    "ERCOT's own DAM Settlement Point Prices (NP4-190-CD): Delivery Date, Hour Ending, Repeated Hour Flag, Settlement Point, Settlement Point Price",
  delimiter: ",",
  detect: (h) => has(h, "Delivery Date", "Hour Ending", "Settlement Point", "Settlement Point Price"),
  create(h) {
    const c = columns(h);
    const [date, he, point, price] = [
      c("Delivery Date"),
      c("Hour Ending"),
      c("Settlement Point"),
      c("Settlement Point Price"),
    ];
    const rep = has(h, "Repeated Hour Flag") ? c("Repeated Hour Flag") : -1;
    const out = new Collector();
    return {
      row(r) {
        const d = parseDate(r[date], { us: true });
        const hour = Number.parseInt(r[he], 10);
        if (!d || !Number.isInteger(hour)) return;
        const m = ercotPointMeta(r[point].trim(), "dam", "hourly");
        out.add(m.slug, m.meta, ercotHourStart(d, hour, rep >= 0 && r[rep].trim() === "Y"), num(r[price]));
      },
      finish: () => out.finish(),
    };
  },
};

/** ERCOT's own RTM Settlement Point Prices report (NP6-905-CD), 15-minute intervals. */
const ercotRtmSpp: Format = {
  id: "ercot-np6-905",
  description:
    "ERCOT's own RTM Settlement Point Prices (NP6-905-CD): Delivery Date, Delivery Hour, Delivery Interval, Repeated Hour Flag, Settlement Point Name, Settlement Point Type, Settlement Point Price",
  delimiter: ",",
  detect: (h) =>
    has(
      h,
      "Delivery Date",
      "Delivery Hour",
      "Delivery Interval",
      "Settlement Point Name",
      "Settlement Point Price",
    ),
  create(h) {
    const c = columns(h);
    const [date, hour, interval, point, price] = [
      c("Delivery Date"),
      c("Delivery Hour"),
      c("Delivery Interval"),
      c("Settlement Point Name"),
      c("Settlement Point Price"),
    ];
    const rep = has(h, "Repeated Hour Flag") ? c("Repeated Hour Flag") : -1;
    const out = new Collector();
    return {
      row(r) {
        const d = parseDate(r[date], { us: true });
        const hh = num(r[hour]);
        const q = num(r[interval]);
        if (!d || !Number.isInteger(hh) || !Number.isInteger(q)) return;
        const t = ercotHourStart(d, hh, rep >= 0 && r[rep].trim() === "Y") + (q - 1) * 15 * MIN;
        const m = ercotPointMeta(r[point].trim(), "rtm", "15 min");
        out.add(m.slug, m.meta, t, num(r[price]));
      },
      finish: () => out.finish(),
    };
  },
};

const ERCOT_AS = [
  { col: "regup_mcpc_usd_per_mw_h", key: "regup", name: "Regulation Up" },
  { col: "regdn_mcpc_usd_per_mw_h", key: "regdn", name: "Regulation Down" },
  { col: "rrs_mcpc_usd_per_mw_h", key: "rrs", name: "Responsive Reserve" },
  { col: "nspin_mcpc_usd_per_mw_h", key: "nspin", name: "Non-Spinning Reserve" },
  { col: "ecrs_mcpc_usd_per_mw_h", key: "ecrs", name: "ERCOT Contingency Reserve" },
];

const ercotAs: Format = {
  id: "ercot-as-mcpc",
  description:
    "ERCOT DAM ancillary service clearing prices (NP4-188, reshaped): delivery_date, hour_ending, regup_mcpc_usd_per_mw_h, …",
  delimiter: ",",
  detect: (h) => has(h, "delivery_date", "hour_ending", "regup_mcpc_usd_per_mw_h"),
  create(h) {
    const c = columns(h);
    const [date, he] = [c("delivery_date"), c("hour_ending")];
    const cols = ERCOT_AS.filter((x) => has(h, x.col)).map((x) => {
      const slug = `ercot-as-${x.key}-mcpc`;
      return {
        slug,
        i: c(x.col),
        meta: () =>
          meta({
            slug,
            title: `ERCOT ${x.name} price (MCPC)`,
            description: `Day-ahead market clearing price for capacity of ${x.name}, per MW per hour. ERCOT's RTC+B went live on 5 December 2025 and changed the ancillary service market design.`,
            region: "ercot",
            geography: "ERCOT",
            granularity: "hourly",
            source: "ERCOT",
            unit: "USD/MW/h",
            variableType: "ancillary_price",
            groupName: "Ancillary services",
          }),
      };
    });
    const out = new Collector();
    return {
      row(r) {
        const d = parseDate(r[date], { us: true });
        const hour = num(r[he]);
        if (!d || !Number.isInteger(hour)) return;
        const t = ercotHourStart(d, hour, false);
        for (const x of cols) out.add(x.slug, x.meta, t, num(r[x.i]));
      },
      finish: () => out.finish(),
    };
  },
};

/** Most specific first: the first format whose detect() accepts the header wins. */
export const FORMATS: Format[] = [
  gbImrp,
  gbSystemPrice,
  elexonInsightsSystemPrice,
  nesoDemand,
  energyCharts,
  omieDerived,
  omieRaw,
  nemFcas,
  nemRrpDemand,
  aemoPriceAndDemand,
  openElectricity,
  ercotAs,
  ercotRtmSpp,
  ercotDamSpp,
  ercotHubLz,
];

/** Split one line of delimited text, honouring double quotes. */
export function splitLine(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export function detectFormat(firstLine: string): Format | null {
  const clean = firstLine.replace(/^\uFEFF/, "");
  for (const f of FORMATS) {
    const header = splitLine(clean, f.delimiter).map((x) => x.trim());
    if (f.detect(header, clean)) return f;
  }
  return null;
}
