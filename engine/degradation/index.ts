// Capacity fade: none, a standard curve (cycle fade vs equivalent full cycles plus calendar
// fade), or a custom curve from the user's CSV; repowering restores capacity when the cycles
// since the last repowering reach the threshold.
//
// Standard curve (docs/decisions/0104-degradation.md): lithium-iron-phosphate utility storage,
// retention = 1 − cycleFade(EFC) − calendarFade(years), with
//   cycleFade(EFC)  = 0.20 · EFC / 6000   (20 % fade at 6 000 equivalent full cycles: the typical
//                                          LFP warranty end-of-life point, e.g. NREL ATB 2023
//                                          "Utility-Scale Battery Storage" assumes ~1 cycle/day
//                                          over 15 years to 80 % / replacement)
//   calendarFade(y) = 0.01 · y            (~1 %/year calendar ageing: NREL, Smith et al. 2017,
//                                          "Life prediction model for grid-connected Li-ion
//                                          battery energy storage system", calendar term order)
// clipped to ≥ 0.5. It is linear on purpose: simple, documented and easy to compare.

export type DegradationKind = "no_degradation" | "standard_degradation_curve" | "custom_degradation_curve";

/** A custom curve: capacity retention (0–1] against equivalent full cycles, increasing cycles. */
export interface DegradationCurve {
  cycles: number[];
  retention: number[];
}

export const STANDARD_CYCLE_FADE_AT_6000 = 0.2;
export const STANDARD_CALENDAR_FADE_PER_YEAR = 0.01;

export function standardRetention(efc: number, years: number): number {
  const r = 1 - (STANDARD_CYCLE_FADE_AT_6000 * efc) / 6000 - STANDARD_CALENDAR_FADE_PER_YEAR * years;
  return Math.max(0.5, Math.min(1, r));
}

export function customRetention(curve: DegradationCurve, efc: number): number {
  const { cycles, retention } = curve;
  if (efc <= cycles[0]) return retention[0];
  for (let i = 1; i < cycles.length; i++) {
    if (efc <= cycles[i]) {
      const f = (efc - cycles[i - 1]) / (cycles[i] - cycles[i - 1]);
      return retention[i - 1] + f * (retention[i] - retention[i - 1]);
    }
  }
  return retention[retention.length - 1];
}

export const UNSUPPORTED_UPLOAD_MESSAGE = "Looks like the format you are trying to upload is not supported";

export class UploadError extends Error {}

/**
 * A custom degradation curve from the rows of its CSV file (cells as read by the API's CSV reader):
 * two columns, cycles and capacity retention (a fraction 0–1 or a percentage 0–100), a header row
 * optional. Invalid content → UploadError with the spec's message.
 */
export function degradationCurveFromRows(rows: string[][]): DegradationCurve {
  const cycles: number[] = [];
  const retention: number[] = [];
  for (const [i, cells] of rows.entries()) {
    const a = Number(cells[0]);
    const b = Number((cells[1] ?? "").replace("%", ""));
    if (cells.length < 2 || !Number.isFinite(a) || !Number.isFinite(b)) {
      if (i === 0) continue; // header
      throw new UploadError(UNSUPPORTED_UPLOAD_MESSAGE);
    }
    cycles.push(a);
    retention.push(b);
  }
  if (cycles.length < 2) throw new UploadError(UNSUPPORTED_UPLOAD_MESSAGE);
  const pct = retention.some((r) => r > 1.0000001);
  for (let i = 0; i < cycles.length; i++) {
    if (pct) retention[i] /= 100;
    if (cycles[i] < 0 || retention[i] <= 0 || retention[i] > 1.0000001)
      throw new UploadError(UNSUPPORTED_UPLOAD_MESSAGE);
    if (i > 0 && cycles[i] <= cycles[i - 1]) throw new UploadError(UNSUPPORTED_UPLOAD_MESSAGE);
  }
  return { cycles, retention };
}

export interface DegradationSettings {
  kind: DegradationKind;
  customCurve?: DegradationCurve;
  /** Cycles since the last repowering at which capacity is restored (default 10 000). */
  repoweringCycles?: number;
}

/** What a DegradationState has counted: plain data, so a worker thread can carry it on (forecast pool). */
export interface DegradationCount {
  cyclesSinceRepower: number;
  yearsSinceRepower: number;
  totalCycles: number;
  repoweringEvents: RepoweringEvent[];
}

/**
 * Re-powering (augmentation): capacity restored to the rated energy at the end of `year`. Not free
 * in reality; the cost is priced by the investment case (engine/finance), not here.
 */
export interface RepoweringEvent {
  year: number;
  cyclesBefore: number;
  /** Capacity retention just before the event (share of the rated energy). */
  retentionBefore: number;
}

/** Tracks capacity year by year: call retention() before a year, then addYear(cycles). */
export class DegradationState {
  private cyclesSinceRepower = 0;
  private yearsSinceRepower = 0;
  totalCycles = 0;
  readonly repoweringEvents: RepoweringEvent[] = [];
  constructor(
    private readonly s: DegradationSettings,
    count?: DegradationCount,
  ) {
    if (s.kind === "custom_degradation_curve" && !s.customCurve)
      throw new Error("custom degradation needs a curve");
    if (count) {
      this.cyclesSinceRepower = count.cyclesSinceRepower;
      this.yearsSinceRepower = count.yearsSinceRepower;
      this.totalCycles = count.totalCycles;
      this.repoweringEvents.push(...count.repoweringEvents);
    }
  }
  count(): DegradationCount {
    return {
      cyclesSinceRepower: this.cyclesSinceRepower,
      yearsSinceRepower: this.yearsSinceRepower,
      totalCycles: this.totalCycles,
      repoweringEvents: this.repoweringEvents.map((e) => ({ ...e })),
    };
  }
  retention(): number {
    switch (this.s.kind) {
      case "no_degradation":
        return 1;
      case "standard_degradation_curve":
        return standardRetention(this.cyclesSinceRepower, this.yearsSinceRepower);
      case "custom_degradation_curve":
        return customRetention(this.s.customCurve!, this.cyclesSinceRepower);
    }
  }
  /** Records a year of operation; returns true if the asset is repowered at the end of it. */
  addYear(year: number, cycles: number): boolean {
    this.totalCycles += cycles;
    this.cyclesSinceRepower += cycles;
    this.yearsSinceRepower += 1;
    const threshold = this.s.repoweringCycles ?? 10_000;
    if (this.s.kind !== "no_degradation" && this.cyclesSinceRepower >= threshold) {
      this.repoweringEvents.push({
        year,
        cyclesBefore: this.cyclesSinceRepower,
        retentionBefore: this.retention(),
      });
      this.cyclesSinceRepower = 0;
      this.yearsSinceRepower = 0;
      return true;
    }
    return false;
  }
}
