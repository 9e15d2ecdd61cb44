// GB network charges that enter the optimisation (docs/decisions/0106-tariffs.md):
//  - DUoS unit rates by red / amber / green time band (UK local time; weekday bands plus a
//    weekend amber band; everything else green), for import and for export, p/kWh → per MWh;
//  - fixed daily charge (p/MPAN/day) and capacity charge (p/kVA/day) — fixed costs, reported;
//  - TNUoS generation charges by zone (£/kW/year × export capacity) for transmission
//    connections (and distribution ≥ 100 MW) — a fixed annual cost.
// Unit rates are charges the site pays (positive = cost) on imported and exported energy.

export interface DuosTariff {
  redBandImportPrice: number;
  redBandExportPrice: number;
  amberBandImportPrice: number;
  amberBandExportPrice: number;
  greenBandImportPrice: number;
  greenBandExportPrice: number;
  /** "HH:MM" local times. */
  redBandStartTime: string;
  redBandEndTime: string;
  amberBandMorningStartTime: string;
  amberBandMorningEndTime: string;
  amberBandEveningStartTime: string;
  amberBandEveningEndTime: string;
  amberBandWeekendStartTime: string;
  amberBandWeekendEndTime: string;
  /** p/MPAN/day */
  fixedDailyCharges: number;
  /** p/kVA/day */
  dailyFixedCapacityCharges: number;
}

/** Minutes after midnight of "HH:MM". */
export function parseTime(s: string): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(s.trim());
  if (!m) throw new Error(`invalid time '${s}' (expected HH:MM)`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** UK local time offset (minutes) at a UTC instant: BST from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC. */
export function ukOffsetMinutes(ms: number): number {
  const y = new Date(ms).getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month + 1, 0));
    return Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  return ms >= lastSunday(2) && ms < lastSunday(9) ? 60 : 0;
}

const inWindow = (min: number, a: number, b: number) => (a <= b ? min >= a && min < b : min >= a || min < b);

export type DuosBand = "red" | "amber" | "green";

export function duosBand(tariff: DuosTariff, ms: number): DuosBand {
  const local = ms + ukOffsetMinutes(ms) * 60_000;
  const d = new Date(local);
  const min = d.getUTCHours() * 60 + d.getUTCMinutes();
  const weekend = d.getUTCDay() === 0 || d.getUTCDay() === 6;
  if (weekend) {
    return inWindow(
      min,
      parseTime(tariff.amberBandWeekendStartTime),
      parseTime(tariff.amberBandWeekendEndTime),
    )
      ? "amber"
      : "green";
  }
  if (inWindow(min, parseTime(tariff.redBandStartTime), parseTime(tariff.redBandEndTime))) return "red";
  if (
    inWindow(min, parseTime(tariff.amberBandMorningStartTime), parseTime(tariff.amberBandMorningEndTime)) ||
    inWindow(min, parseTime(tariff.amberBandEveningStartTime), parseTime(tariff.amberBandEveningEndTime))
  )
    return "amber";
  return "green";
}

/** Per-interval DUoS import and export charges, currency (GBP) per MWh. 1 p/kWh = £10/MWh. */
export function duosCharges(tariff: DuosTariff, startUtc: string, intervalMinutes: number, n: number) {
  const importCharge = new Float64Array(n);
  const exportCharge = new Float64Array(n);
  const t0 = Date.parse(startUtc);
  for (let t = 0; t < n; t++) {
    const band = duosBand(tariff, t0 + t * intervalMinutes * 60_000);
    const [imp, exp] =
      band === "red"
        ? [tariff.redBandImportPrice, tariff.redBandExportPrice]
        : band === "amber"
          ? [tariff.amberBandImportPrice, tariff.amberBandExportPrice]
          : [tariff.greenBandImportPrice, tariff.greenBandExportPrice];
    importCharge[t] = imp * 10;
    exportCharge[t] = exp * 10;
  }
  return { importCharge, exportCharge };
}

/** Fixed DUoS charges for a number of days, GBP: p/MPAN/day + p/kVA/day × import capacity (kVA = kW at unity power factor). */
export function duosFixedCost(tariff: DuosTariff, days: number, importCapacityMW: number): number {
  return (
    ((tariff.fixedDailyCharges + tariff.dailyFixedCapacityCharges * importCapacityMW * 1000) * days) / 100
  );
}

/**
 * Indicative TNUoS wider generation tariffs for a storage-like annual load factor, £/kW/year,
 * by generation zone 1–27 (NESO final TNUoS tariffs 2024/25, rounded; north Scotland pays most,
 * southern England is negative, i.e. a credit). Replace with the current year's table when the
 * reference-data loader provides it.
 */
export const TNUOS_GENERATION_TARIFF_GBP_PER_KW: Record<number, number> = {
  1: 31.5,
  2: 28.9,
  3: 25.6,
  4: 27.4,
  5: 20.2,
  6: 19.6,
  7: 14.5,
  8: 11.2,
  9: 8.9,
  10: 6.1,
  11: 4.3,
  12: 3.6,
  13: 2.8,
  14: 1.4,
  15: 0.9,
  16: 0.2,
  17: -0.9,
  18: -1.8,
  19: -2.6,
  20: -3.1,
  21: -3.5,
  22: -4.4,
  23: -5.2,
  24: -5.9,
  25: -6.3,
  26: -6.8,
  27: -7.4,
};

export function tnuosZoneNumber(zone: string | number): number {
  const m = /(\d+)/.exec(String(zone));
  const z = m ? Number(m[1]) : NaN;
  if (!(z >= 1 && z <= 27)) throw new Error(`unknown TNUoS generation zone '${zone}'`);
  return z;
}

/** Annual TNUoS generation charge, GBP (negative = credit). */
export function tnuosAnnualCharge(zone: string | number, exportCapacityMW: number): number {
  return TNUOS_GENERATION_TARIFF_GBP_PER_KW[tnuosZoneNumber(zone)] * exportCapacityMW * 1000;
}
