// GB reference data: the 14 GSP groups (DNO licence areas), TNUoS generation zones with tariffs,
// and default DUoS red/amber/green time bands per DNO.

export type GspGroupId =
  | "_A"
  | "_B"
  | "_C"
  | "_D"
  | "_E"
  | "_F"
  | "_G"
  | "_H"
  | "_J"
  | "_K"
  | "_L"
  | "_M"
  | "_N"
  | "_P";

export interface GspGroup {
  id: GspGroupId;
  name: string;
  /** DNO licence area and operator. */
  dno: string;
  operator: string;
  /** MPAN distributor id (first two digits of the MPAN core). */
  mpanId: number;
}

/** Source: Elexon GSP group list (BSC); DNO areas per Ofgem; names without commas (spec §3 note). */
export const GSP_GROUPS: GspGroup[] = [
  { id: "_A", name: "Eastern", dno: "Eastern (EPN)", operator: "UK Power Networks", mpanId: 10 },
  {
    id: "_B",
    name: "East Midlands",
    dno: "East Midlands",
    operator: "National Grid Electricity Distribution",
    mpanId: 11,
  },
  { id: "_C", name: "London", dno: "London (LPN)", operator: "UK Power Networks", mpanId: 12 },
  {
    id: "_D",
    name: "Merseyside and North Wales",
    dno: "Merseyside and North Wales (Manweb)",
    operator: "SP Energy Networks",
    mpanId: 13,
  },
  {
    id: "_E",
    name: "Midlands",
    dno: "West Midlands",
    operator: "National Grid Electricity Distribution",
    mpanId: 14,
  },
  { id: "_F", name: "Northern", dno: "North East", operator: "Northern Powergrid", mpanId: 15 },
  { id: "_G", name: "North Western", dno: "North West", operator: "Electricity North West", mpanId: 16 },
  {
    id: "_H",
    name: "Southern",
    dno: "Southern (SEPD)",
    operator: "Scottish and Southern Electricity Networks",
    mpanId: 20,
  },
  { id: "_J", name: "South Eastern", dno: "South Eastern (SPN)", operator: "UK Power Networks", mpanId: 19 },
  {
    id: "_K",
    name: "South Wales",
    dno: "South Wales",
    operator: "National Grid Electricity Distribution",
    mpanId: 21,
  },
  {
    id: "_L",
    name: "South Western",
    dno: "South West",
    operator: "National Grid Electricity Distribution",
    mpanId: 22,
  },
  { id: "_M", name: "Yorkshire", dno: "Yorkshire", operator: "Northern Powergrid", mpanId: 23 },
  {
    id: "_N",
    name: "South Scotland",
    dno: "South Scotland (SPD)",
    operator: "SP Energy Networks",
    mpanId: 18,
  },
  {
    id: "_P",
    name: "North Scotland",
    dno: "North Scotland (SHEPD)",
    operator: "Scottish and Southern Electricity Networks",
    mpanId: 17,
  },
];

export interface TnuosZone {
  zone: number;
  name: string;
  /**
   * Indicative wider generation tariff, £/kW/yr, for a storage/peaking profile in charging year
   * 2025/26. INDICATIVE: a Voltcast estimate following the published north–south gradient of
   * NESO's wider tariffs (positive in Scotland and the north, negative in the south); replace with
   * NESO's "Final TNUoS Tariffs" table when loading official data. Not an official figure.
   */
  tariffPerKWYear: number;
  /** Representative locations (lat, lon) inside the zone, used for nearest-zone lookup. */
  anchors: Array<[number, number]>;
}

// Zone numbering and names: NESO TNUoS generation charging zones (27 zones, from 2021/22). Tariffs:
// indicative Voltcast estimates (north–south gradient of NESO final wider tariffs), not official
// NESO figures.
export const TNUOS_ZONES: TnuosZone[] = [
  {
    zone: 1,
    name: "North Scotland",
    tariffPerKWYear: 31,
    anchors: [
      [58.59, -3.52],
      [58.44, -3.09],
      [58.02, -4.4],
      [58.97, -3.0],
      [57.48, -4.22],
    ],
  },
  {
    zone: 2,
    name: "East Aberdeenshire",
    tariffPerKWYear: 24,
    anchors: [
      [57.5, -1.78],
      [57.69, -2.0],
      [57.35, -2.3],
    ],
  },
  {
    zone: 3,
    name: "Western Highlands",
    tariffPerKWYear: 29,
    anchors: [
      [56.82, -5.1],
      [57.9, -5.16],
      [57.6, -5.3],
    ],
  },
  {
    zone: 4,
    name: "Skye and Lochalsh",
    tariffPerKWYear: 33,
    anchors: [
      [57.41, -6.19],
      [57.28, -5.71],
    ],
  },
  {
    zone: 5,
    name: "Eastern Grampian and Tayside",
    tariffPerKWYear: 22,
    anchors: [
      [57.15, -2.09],
      [56.46, -2.97],
      [56.71, -2.47],
      [56.4, -3.43],
    ],
  },
  {
    zone: 6,
    name: "Central Grampian",
    tariffPerKWYear: 24,
    anchors: [
      [57.19, -3.83],
      [56.7, -3.73],
      [57.33, -3.2],
    ],
  },
  {
    zone: 7,
    name: "Argyll",
    tariffPerKWYear: 27,
    anchors: [
      [56.41, -5.47],
      [55.42, -5.6],
      [55.95, -4.93],
      [56.1, -5.5],
    ],
  },
  {
    zone: 8,
    name: "The Trossachs",
    tariffPerKWYear: 20,
    anchors: [
      [56.24, -4.21],
      [56.39, -4.62],
    ],
  },
  {
    zone: 9,
    name: "Stirlingshire and Fife",
    tariffPerKWYear: 16,
    anchors: [
      [56.12, -3.94],
      [56.11, -3.16],
      [56.34, -2.8],
      [56.0, -3.78],
    ],
  },
  {
    zone: 10,
    name: "South West Scotland",
    tariffPerKWYear: 17,
    anchors: [
      [55.86, -4.25],
      [55.46, -4.63],
      [55.61, -4.5],
      [55.0, -4.9],
    ],
  },
  {
    zone: 11,
    name: "Lothian and Borders",
    tariffPerKWYear: 14,
    anchors: [
      [55.95, -3.19],
      [55.61, -2.81],
      [55.77, -2.0],
    ],
  },
  {
    zone: 12,
    name: "Solway and Cheviot",
    tariffPerKWYear: 10,
    anchors: [
      [55.07, -3.61],
      [54.89, -2.93],
      [55.42, -2.79],
    ],
  },
  {
    zone: 13,
    name: "North East England",
    tariffPerKWYear: 7,
    anchors: [
      [54.97, -1.61],
      [54.57, -1.23],
      [54.78, -1.57],
      [55.2, -1.7],
    ],
  },
  {
    zone: 14,
    name: "North Lancashire and The Lakes",
    tariffPerKWYear: 5,
    anchors: [
      [54.33, -2.75],
      [54.05, -2.8],
      [54.11, -3.23],
      [54.6, -3.1],
    ],
  },
  {
    zone: 15,
    name: "South Lancashire, Yorkshire and Humber",
    tariffPerKWYear: 4,
    anchors: [
      [53.48, -2.24],
      [53.8, -1.55],
      [53.74, -0.33],
      [53.41, -2.98],
      [53.38, -1.47],
      [53.96, -1.08],
      [53.75, -2.48],
    ],
  },
  {
    zone: 16,
    name: "North Midlands and North Wales",
    tariffPerKWYear: 2,
    anchors: [
      [53.0, -2.18],
      [52.95, -1.15],
      [53.19, -2.89],
      [53.05, -3.0],
      [52.92, -1.48],
    ],
  },
  {
    zone: 17,
    name: "South Lincolnshire and North Norfolk",
    tariffPerKWYear: 2,
    anchors: [
      [53.23, -0.54],
      [52.98, -0.02],
      [52.75, 0.4],
      [52.63, 1.3],
      [52.91, 0.9],
    ],
  },
  {
    zone: 18,
    name: "Mid Wales and The Midlands",
    tariffPerKWYear: 0,
    anchors: [
      [52.49, -1.89],
      [52.71, -2.75],
      [52.41, -4.08],
      [52.64, -1.13],
      [52.41, -1.51],
      [52.57, -0.24],
      [52.24, -0.9],
    ],
  },
  {
    zone: 19,
    name: "Anglesey and Snowdon",
    tariffPerKWYear: 4,
    anchors: [
      [53.31, -4.63],
      [53.23, -4.13],
      [53.14, -4.27],
    ],
  },
  {
    zone: 20,
    name: "Pembrokeshire",
    tariffPerKWYear: 3,
    anchors: [
      [51.67, -4.91],
      [51.8, -4.97],
    ],
  },
  {
    zone: 21,
    name: "South Wales & Gloucester",
    tariffPerKWYear: -2,
    anchors: [
      [51.48, -3.18],
      [51.62, -3.94],
      [51.86, -2.24],
      [51.59, -3.0],
      [51.86, -4.31],
    ],
  },
  {
    zone: 22,
    name: "Cotswold",
    tariffPerKWYear: -3,
    anchors: [
      [51.72, -1.97],
      [51.56, -1.78],
      [52.04, -0.76],
      [52.14, -0.47],
      [52.2, 0.12],
      [52.06, 1.16],
      [51.9, -2.08],
    ],
  },
  {
    zone: 23,
    name: "Central London",
    tariffPerKWYear: -6,
    anchors: [
      [51.51, -0.13],
      [51.55, -0.05],
      [51.47, -0.2],
    ],
  },
  {
    zone: 24,
    name: "Essex and Kent",
    tariffPerKWYear: -4,
    anchors: [
      [51.74, 0.47],
      [51.27, 0.52],
      [51.28, 1.08],
      [51.89, 0.9],
      [51.54, 0.71],
    ],
  },
  {
    zone: 25,
    name: "Oxfordshire, Surrey and Sussex",
    tariffPerKWYear: -5,
    anchors: [
      [51.75, -1.26],
      [51.45, -0.97],
      [51.24, -0.57],
      [50.82, -0.14],
      [51.06, -0.33],
      [50.85, -1.0],
    ],
  },
  {
    zone: 26,
    name: "Somerset and Wessex",
    tariffPerKWYear: -6,
    anchors: [
      [51.45, -2.59],
      [51.02, -3.1],
      [50.72, -1.88],
      [51.07, -1.79],
      [50.9, -1.4],
      [50.72, -3.53],
    ],
  },
  {
    zone: 27,
    name: "West Devon and Cornwall",
    tariffPerKWYear: -8,
    anchors: [
      [50.38, -4.14],
      [50.26, -5.05],
      [50.15, -5.07],
      [50.5, -4.6],
    ],
  },
];

/** "HH:MM"–"HH:MM" local-time range. */
export type TimeRange = [string, string];

export interface DuosBands {
  gspGroup: GspGroupId;
  /** Weekday red band(s); weekends have no red band in any DNO's default. */
  red: TimeRange[];
  amberWeekday: TimeRange[];
  amberWeekend: TimeRange[];
  /** Everything else is green. */
  source: string;
}

const REPORT =
  "DNO LC14 charging statements as summarised in GeorgeDoors888/GB-Power-Market-JJ duos_comprehensive_report.md (2025)";
const RECALL =
  "Voltcast reading of the DNO's LC14 charging statement (not in the cited summary; verify against the current statement)";

/** Default DUoS time bands (local clock) per DNO area, weekdays unless stated. */
export const DUOS_BANDS: DuosBands[] = [
  {
    gspGroup: "_A",
    red: [["16:00", "19:00"]],
    amberWeekday: [
      ["07:00", "16:00"],
      ["19:00", "23:00"],
    ],
    amberWeekend: [],
    source: REPORT,
  },
  {
    gspGroup: "_B",
    red: [["16:00", "19:00"]],
    amberWeekday: [
      ["07:30", "16:00"],
      ["19:00", "21:00"],
    ],
    amberWeekend: [],
    source: REPORT,
  },
  {
    gspGroup: "_C",
    red: [
      ["11:00", "14:00"],
      ["16:00", "19:00"],
    ],
    amberWeekday: [
      ["07:00", "11:00"],
      ["14:00", "16:00"],
      ["19:00", "23:00"],
    ],
    amberWeekend: [],
    source: REPORT,
  },
  {
    gspGroup: "_D",
    red: [["16:00", "19:00"]],
    amberWeekday: [
      ["09:00", "16:00"],
      ["19:00", "20:30"],
    ],
    amberWeekend: [["16:00", "19:00"]],
    source: REPORT,
  },
  {
    gspGroup: "_E",
    red: [["16:00", "19:00"]],
    amberWeekday: [
      ["07:30", "16:00"],
      ["19:00", "21:00"],
    ],
    amberWeekend: [],
    source: RECALL,
  },
  {
    gspGroup: "_F",
    red: [["16:00", "19:30"]],
    amberWeekday: [
      ["08:00", "16:00"],
      ["19:30", "22:00"],
    ],
    amberWeekend: [],
    source: REPORT,
  },
  {
    gspGroup: "_G",
    red: [["16:30", "18:30"]],
    amberWeekday: [
      ["09:00", "16:30"],
      ["18:30", "20:30"],
    ],
    amberWeekend: [["16:30", "18:30"]],
    source: RECALL,
  },
  {
    gspGroup: "_H",
    red: [["16:30", "19:30"]],
    amberWeekday: [
      ["07:00", "16:30"],
      ["19:30", "22:00"],
    ],
    amberWeekend: [["09:30", "21:30"]],
    source: REPORT,
  },
  {
    gspGroup: "_J",
    red: [["16:00", "19:00"]],
    amberWeekday: [
      ["07:00", "16:00"],
      ["19:00", "23:00"],
    ],
    amberWeekend: [],
    source: REPORT,
  },
  {
    gspGroup: "_K",
    red: [["17:00", "19:30"]],
    amberWeekday: [
      ["07:30", "17:00"],
      ["19:30", "22:00"],
    ],
    amberWeekend: [
      ["12:00", "13:00"],
      ["16:00", "21:00"],
    ],
    source: REPORT,
  },
  {
    gspGroup: "_L",
    red: [["17:00", "19:00"]],
    amberWeekday: [
      ["07:30", "17:00"],
      ["19:00", "21:30"],
    ],
    amberWeekend: [["16:30", "19:30"]],
    source: REPORT,
  },
  {
    gspGroup: "_M",
    red: [["16:00", "19:30"]],
    amberWeekday: [
      ["08:00", "16:00"],
      ["19:30", "22:00"],
    ],
    amberWeekend: [],
    source: RECALL,
  },
  {
    gspGroup: "_N",
    red: [["16:30", "19:30"]],
    amberWeekday: [
      ["08:00", "16:30"],
      ["19:30", "22:30"],
    ],
    amberWeekend: [],
    source: RECALL,
  },
  {
    gspGroup: "_P",
    red: [["16:00", "19:00"]],
    amberWeekday: [
      ["07:00", "16:00"],
      ["19:00", "21:00"],
    ],
    amberWeekend: [["12:00", "20:00"]],
    source: REPORT,
  },
];

export function duosBands(gsp: string): DuosBands | undefined {
  return DUOS_BANDS.find((b) => b.gspGroup === gsp);
}

/**
 * The spec §3 tariff band-time fields for a GSP group: red start/end (the evening red band),
 * amber morning/evening and weekend amber (first range). London's midday red band is in DUOS_BANDS.
 */
export function defaultDuosBandTimes(gsp: string):
  | {
      redBandStartTime: string;
      redBandEndTime: string;
      amberBandMorningStartTime: string;
      amberBandMorningEndTime: string;
      amberBandEveningStartTime: string;
      amberBandEveningEndTime: string;
      amberBandWeekendStartTime: string | null;
      amberBandWeekendEndTime: string | null;
    }
  | undefined {
  const b = duosBands(gsp);
  if (!b) return undefined;
  const red = b.red[b.red.length - 1];
  const morning = b.amberWeekday[0];
  const evening = b.amberWeekday[b.amberWeekday.length - 1];
  const weekend = b.amberWeekend[0];
  return {
    redBandStartTime: red[0],
    redBandEndTime: red[1],
    amberBandMorningStartTime: morning[0],
    amberBandMorningEndTime: morning[1],
    amberBandEveningStartTime: evening[0],
    amberBandEveningEndTime: evening[1],
    amberBandWeekendStartTime: weekend ? weekend[0] : null,
    amberBandWeekendEndTime: weekend ? weekend[1] : null,
  };
}

/** DUoS band of a local time ("red" | "amber" | "green"). */
export function duosBandAt(gsp: string, weekday: number, minutesOfDay: number): "red" | "amber" | "green" {
  const b = duosBands(gsp);
  if (!b) return "green";
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const inAny = (rs: TimeRange[]) => rs.some(([a, z]) => minutesOfDay >= toMin(a) && minutesOfDay < toMin(z));
  const weekend = weekday === 0 || weekday === 6;
  if (!weekend && inAny(b.red)) return "red";
  if (inAny(weekend ? b.amberWeekend : b.amberWeekday)) return "amber";
  return "green";
}
