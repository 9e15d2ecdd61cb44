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

/** One series of a file: its slug and (made on its first point) its metadata. */
interface Series {
  slug: string;
  meta: () => DatasetMeta;
}

/** Points of many series keyed by slug; the same timestamp twice keeps the last value. */
class Collector {
  private series = new Map<string, { meta: DatasetMeta; points: Map<number, number> }>();
  put(s: Series, ts: number, value: number) {
    this.add(s.slug, s.meta, ts, value);
  }
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

/** A format's rows, each adding its points to one collector. */
function collecting(add: (r: string[], out: Collector) => void): RowSink {
  const out = new Collector();
  return { row: (r) => add(r, out), finish: () => out.finish() };
}

type Columns = ((name: string) => number) & {
  /** The index of a column the file may leave out; -1 when it does. */
  optional(name: string): number;
};

function columns(header: string[]): Columns {
  const idx = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const c = (name: string) => {
    const i = idx.get(name.toLowerCase());
    if (i === undefined) throw new Error(`missing column ${name}`);
    return i;
  };
  return Object.assign(c, { optional: (name: string) => idx.get(name.toLowerCase()) ?? -1 });
}

/** The columns of a wide file that are present, each its own series (from a table of columns). */
function seriesColumns<T extends { col: string }>(
  h: string[],
  table: readonly T[],
  series: (x: T) => Series,
) {
  const c = columns(h);
  return table.filter((x) => has(h, x.col)).map((x) => ({ ...series(x), i: c(x.col) }));
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
    return collecting((r, out) => out.add("gb-day-ahead-price-hourly", m, parseIsoInstant(r[ts]), num(r[v])));
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
    const metas = gbSystemPriceMetas();
    return collecting((r, out) => {
      const t = parseIsoInstant(r[ts]);
      out.add("gb-system-price-30min", metas.sys, t, num(r[sys]));
      if (mip >= 0) out.add("gb-market-index-price-30min", metas.mip, t, num(r[mip]));
    });
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
    const metas = gbSystemPriceMetas();
    return collecting((r, out) =>
      out.add("gb-system-price-30min", metas.sys, parseIsoInstant(r[ts]), num(r[ssp])),
    );
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
    const cols = seriesColumns(h, NESO_COLUMNS, (x) => ({
      slug: x.slug,
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
    return collecting((r, out) => {
      const d = parseDate(r[date]);
      const p = num(r[period]);
      if (!d || !Number.isInteger(p)) return;
      const t = localMidnightUtc("Europe/London", ...d) + (p - 1) * 30 * MIN;
      for (const x of cols) out.put(x, t, num(r[x.i]));
    });
  },
};

// GB frequency response (NESO DC/DM/DR, low and high): the pay-as-clear price of each EFA block,
// stored hourly (each hour carries the price of the block in force). Blocks where nothing cleared
// are published with price 0, meaning "no clear": they are left out (no point).
const GB_RESPONSE: Record<string, string> = {
  DCL: "Dynamic Containment Low",
  DCH: "Dynamic Containment High",
  DML: "Dynamic Moderation Low",
  DMH: "Dynamic Moderation High",
  DRL: "Dynamic Regulation Low",
  DRH: "Dynamic Regulation High",
};

const gbResponseEfa: Format = {
  id: "neso-response-efa",
  description:
    "GB DC/DM/DR clearing prices and cleared volumes per EFA block (NESO results, reshaped): service, efa_date, efa_block, delivery_start_utc, delivery_end_utc, cleared_volume_mw, clearing_price_gbp_per_mw_h, nothing_cleared",
  delimiter: ",",
  detect: (h) => has(h, "service", "efa_block", "delivery_start_utc", "clearing_price_gbp_per_mw_h"),
  create(h) {
    const c = columns(h);
    const [svc, a, b, vol, price, none] = [
      c("service"),
      c("delivery_start_utc"),
      c("delivery_end_utc"),
      c("cleared_volume_mw"),
      c("clearing_price_gbp_per_mw_h"),
      c("nothing_cleared"),
    ];
    const metaOf = (key: string, name: string, what: "price" | "volume") => {
      const slug = `gb-${key.toLowerCase()}-${what === "price" ? "clearing-price" : "cleared-volume"}-hourly`;
      return {
        slug,
        meta: () =>
          meta({
            slug,
            title: `GB ${name} ${what === "price" ? "clearing price" : "cleared volume"}`,
            description:
              what === "price"
                ? `NESO's pay-as-clear price of ${name} (${key}) per EFA block (4 h; 3 or 5 h on clock-change days), per MW per hour of availability; each hour carries the price of its block. Blocks where nothing cleared are absent.`
                : `MW of ${name} (${key}) NESO accepted per EFA block; each hour carries its block's volume (0 where nothing cleared).`,
            region: "great-britain",
            geography: "GB",
            granularity: "hourly",
            source: "NESO",
            unit: what === "price" ? "GBP/MW/h" : "MW",
            variableType: what === "price" ? "ancillary_price" : "ancillary_volume",
            groupName: "Ancillary services",
          }),
      };
    };
    return collecting((r, out) => {
      const key = r[svc].trim();
      const name = GB_RESPONSE[key];
      if (!name) return;
      const cleared = r[none].trim().toLowerCase() !== "true";
      const p = metaOf(key, name, "price");
      const v = metaOf(key, name, "volume");
      const end = parseIsoInstant(r[b]);
      for (let t = parseIsoInstant(r[a]); t < end; t += HOUR) {
        if (cleared) out.put(p, t, num(r[price]));
        out.put(v, t, cleared ? num(r[vol]) : 0);
      }
    });
  },
};

// GB Quick Reserve (NESO EAC, positive and negative): the pay-as-clear price of each half hour.
// Periods where nothing cleared are published with price 0, meaning "no clear": left out. The
// file's Balancing and Slow Reserve rows are not read (the Balancing Reserve before 2025-10-29
// is not in it, data/SOURCES.md).
const GB_QUICK_RESERVE: Record<string, string> = {
  PQR: "Positive Quick Reserve",
  NQR: "Negative Quick Reserve",
};

const gbQuickReserveEac: Format = {
  id: "neso-reserve-eac",
  description:
    "GB Quick Reserve clearing prices and cleared volumes per half hour (NESO EAC results, reshaped): service, service_type, delivery_start_utc, delivery_end_utc, cleared_volume_mw, clearing_price_gbp_per_mw_h, nothing_cleared",
  delimiter: ",",
  detect: (h) =>
    has(h, "service", "service_type", "delivery_start_utc", "clearing_price_gbp_per_mw_h") &&
    !has(h, "efa_block"),
  create(h) {
    const c = columns(h);
    const [svc, a, vol, price, none] = [
      c("service"),
      c("delivery_start_utc"),
      c("cleared_volume_mw"),
      c("clearing_price_gbp_per_mw_h"),
      c("nothing_cleared"),
    ];
    const metaOf = (key: string, name: string, what: "price" | "volume") => {
      const slug = `gb-${key.toLowerCase()}-${what === "price" ? "clearing-price" : "cleared-volume"}-30min`;
      return {
        slug,
        meta: () =>
          meta({
            slug,
            title: `GB ${name} ${what === "price" ? "clearing price" : "cleared volume"}`,
            description:
              what === "price"
                ? `NESO's pay-as-clear price of ${name} (${key}) per half hour, per MW per hour of availability. Periods where nothing cleared are absent.`
                : `MW of ${name} (${key}) NESO accepted per half hour (0 where nothing cleared).`,
            region: "great-britain",
            geography: "GB",
            granularity: "30 min",
            source: "NESO",
            unit: what === "price" ? "GBP/MW/h" : "MW",
            variableType: what === "price" ? "ancillary_price" : "ancillary_volume",
            groupName: "Ancillary services",
          }),
      };
    };
    return collecting((r, out) => {
      const key = r[svc].trim();
      const name = GB_QUICK_RESERVE[key];
      if (!name) return;
      const cleared = r[none].trim().toLowerCase() !== "true";
      const t = parseIsoInstant(r[a]);
      if (cleared) out.put(metaOf(key, name, "price"), t, num(r[price]));
      out.put(metaOf(key, name, "volume"), t, cleared ? num(r[vol]) : 0);
    });
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
    const cols = seriesColumns(h, DE_COLUMNS, (x) => ({
      slug: x.slug,
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
    return collecting((r, out) => {
      const t = parseIsoInstant(r[ts]);
      for (const x of cols) out.put(x, t, num(r[x.i]));
    });
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
    const res = c.optional("resolution_minutes");
    const [es, pt] = [c("price_es_eur_per_mwh"), c.optional("price_pt_eur_per_mwh")];
    return collecting((r, out) => {
      const g = res >= 0 ? granularityOfMinutes(num(r[res])) : "hourly";
      const t = parseIsoInstant(r[ts]);
      out.put(omieMeta("ES", g), t, num(r[es]));
      if (pt >= 0) out.put(omieMeta("PT", g), t, num(r[pt]));
    });
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
          out.put(omieMeta("ES", g), t, x.es);
          out.put(omieMeta("PT", g), t, x.pt);
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
        // The NEM settles every 5 minutes: a coarser series of the same region (an hourly download, the
        // 30-minute years before 5-minute settlement) says so, never two datasets of one name.
        title:
          variable === "rrp"
            ? `${region} price (RRP${g === "5 min" ? "" : `, ${g}`})`
            : `${region} operational demand${g === "5 min" ? "" : ` (${g})`}`,
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

/**
 * NEM price and demand with interval ENDS in NEM time, in a layout whose columns are named (the
 * reshaped file's, or AEMO's own).
 */
function nemPriceAndDemand(h: string[], names: { region: string; end: string; rrp: string; demand: string }) {
  const c = columns(h);
  const [region, end, rrp, demand] = [c(names.region), c(names.end), c(names.rrp), c(names.demand)];
  const acc = nemByEnds("AEMO");
  return {
    row: (r: string[]) =>
      acc.push({
        region: r[region].trim(),
        end: parseNaiveAtOffset(r[end], NEM_OFFSET_MIN),
        rrp: num(r[rrp]),
        demand: num(r[demand]),
      }),
    finish: () => acc.finish(),
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
        out.put(nemMeta(x.region, "rrp", g, source), start, x.rrp);
        out.put(nemMeta(x.region, "demand", g, source), start, x.demand);
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
  create: (h) =>
    nemPriceAndDemand(h, {
      region: "region",
      end: "settlement_date_nem",
      rrp: "rrp_aud_per_mwh",
      demand: "total_demand_mw",
    }),
};

/** AEMO's own PRICE_AND_DEMAND_YYYYMM_REGION.csv: REGION,SETTLEMENTDATE,TOTALDEMAND,RRP,PERIODTYPE. */
const aemoPriceAndDemand: Format = {
  id: "aemo-price-and-demand",
  description:
    "AEMO's own PRICE_AND_DEMAND_YYYYMM_REGION.csv (REGION, SETTLEMENTDATE interval end in NEM time, TOTALDEMAND, RRP, PERIODTYPE)",
  delimiter: ",",
  detect: (h) => has(h, "REGION", "SETTLEMENTDATE", "TOTALDEMAND", "RRP"),
  create: (h) =>
    nemPriceAndDemand(h, { region: "REGION", end: "SETTLEMENTDATE", rrp: "RRP", demand: "TOTALDEMAND" }),
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
    return collecting((r, out) =>
      out.put(
        nemMeta(r[region].trim(), "rrp", "hourly", "OpenElectricity (AEMO)"),
        parseIsoInstant(r[ts]),
        num(r[price]),
      ),
    );
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
    return collecting((r, out) => {
      const reg = r[region].trim();
      const t = parseIsoInstant(r[ts]);
      out.put(nemMeta(reg, "rrp", "5 min"), t, num(r[rrp]));
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
    });
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

/**
 * Hour-ending h (1-24) of a Central-time operating day (a US date) → UTC start of the hour;
 * undefined when the date or the hour cannot be read (the row is passed over).
 */
function ercotHourStart(date: string, hourEnding: number, repeated = false): number | undefined {
  const d = parseDate(date, { us: true });
  if (!d || !Number.isInteger(hourEnding)) return undefined;
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
    const [dam, rtm] = [c.optional("dam_price_usd_per_mwh"), c.optional("rtm_price_usd_per_mwh")];
    return collecting((r, out) => {
      const t = ercotHourStart(r[date], num(r[he]));
      if (t === undefined) return;
      const p = r[point].trim();
      if (dam >= 0) out.put(ercotPointMeta(p, "dam", "hourly"), t, num(r[dam]));
      if (rtm >= 0) out.put(ercotPointMeta(p, "rtm", "hourly"), t, num(r[rtm]));
    });
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
    const rep = c.optional("Repeated Hour Flag");
    return collecting((r, out) => {
      // "Hour Ending" is written "01:00".
      const t = ercotHourStart(r[date], Number.parseInt(r[he], 10), rep >= 0 && r[rep].trim() === "Y");
      if (t === undefined) return;
      out.put(ercotPointMeta(r[point].trim(), "dam", "hourly"), t, num(r[price]));
    });
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
    const rep = c.optional("Repeated Hour Flag");
    return collecting((r, out) => {
      const hourStart = ercotHourStart(r[date], num(r[hour]), rep >= 0 && r[rep].trim() === "Y");
      const q = num(r[interval]);
      if (hourStart === undefined || !Number.isInteger(q)) return;
      out.put(
        ercotPointMeta(r[point].trim(), "rtm", "15 min"),
        hourStart + (q - 1) * 15 * MIN,
        num(r[price]),
      );
    });
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
    const cols = seriesColumns(h, ERCOT_AS, (x) => {
      const slug = `ercot-as-${x.key}-mcpc`;
      return {
        slug,
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
    return collecting((r, out) => {
      const t = ercotHourStart(r[date], num(r[he]));
      if (t === undefined) return;
      for (const x of cols) out.put(x, t, num(r[x.i]));
    });
  },
};

/** Most specific first: the first format whose detect() accepts the header wins. */
export const FORMATS: Format[] = [
  gbImrp,
  gbResponseEfa,
  gbQuickReserveEac,
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
