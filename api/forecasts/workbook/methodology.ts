// The run workbook's Methodology sheet: how the dispatch was decided (decision 0117) and what the
// revenues are made of, in the words of a user (the data named by their publishers, not by where
// they sit on a disk).
import type ExcelJS from "exceljs";
import { foresightLabel } from "../../../app/validation/forecast.ts";
import { finishTable, tableSheet, type Column } from "../../../engine/workbook/tableSheet.ts";

/** The real price series the backtest and the foresight rule were measured on, by publisher. */
export const REAL_PRICE_SOURCES =
  "the real market prices held in the data library: GB day-ahead (LCCC) and system prices (Elexon), ERCOT day-ahead and real-time settlement point prices (ERCOT), NEM 5-minute regional prices (AEMO), German day-ahead prices (Energy-Charts, Fraunhofer ISE) and Spanish day-ahead prices (OMIE)";

/** How the dispatch was decided (decision 0117). */
export function methodologyLines(foresight: "realistic" | "perfect"): string[] {
  const common = [
    "Revenues come from optimising the battery's dispatch (charge, discharge, service reservations) against the world view's prices, year by year, in monthly windows with a two-day look-ahead, under the daily cycle cap, round-trip efficiency and grid limits.",
    "Streams: wholesale energy at the day-ahead price; GB merchant adds the imbalance (cash-out) price; GB energy with AS and merchant add the Balancing Mechanism — a share (the dispatch rate) of the headroom the day-ahead and service positions leave, accepted as offers when the system is short and bids when it is long, at the imbalance price as the marginal balancing action's price, the state of charge carrying what was accepted (the Inputs sheet names the rate and price sources); services are availability payments per MW per hour reserved; the GB Capacity Market is paid on de-rated capacity.",
  ];
  if (foresight === "perfect")
    return [
      `Foresight: ${foresightLabel("perfect")}.`,
      "Every decision is taken knowing every price of the year in advance. This is the upper bound of what the battery could earn; real trading earns less.",
      ...common,
    ];
  return [
    `Foresight: ${foresightLabel("realistic")} — the default.`,
    "Each decision uses only what is known when it is taken, and is settled at the actual prices:",
    "1. Day-ahead position and services committed ahead (GB EFA blocks, ERCOT day-ahead ancillary services, NEM FCAS, EU FCR/aFRR): decided at gate closure on a forecast of each day's prices built from the days before it — for every interval, half yesterday's price and half the mean of the same interval over the last seven days — then settled at the actual day-ahead and service prices.",
    "2. Where a later price exists (GB imbalance for the merchant strategy): the physical schedule is re-optimised around the committed services on a forecast of that price made once day-ahead prices are known (the day-ahead price plus the mean later-minus-day-ahead deviation of the same interval over the last seven days, kept only where it exceeds its own spread over those days: a re-trade needs an edge over the risk of trading on it); the deviation from the day-ahead position is settled at the actual later price.",
    "Prices finer than half-hourly (NEM 5 minutes): the plan is made on half-hour averages of the forecast, as pre-dispatch does, held through each half hour, and settled at the actual 5-minute prices.",
    `The size of these forecast errors is that of the rule on ${REAL_PRICE_SOURCES}: on real prices it captures 75–86 % of the perfect-foresight wholesale revenue in GB, DE and ES day-ahead, 34–80 % in NEM regions at 5 minutes, and little of GB imbalance — see the backtest page (data library) for every market and year.`,
    "Each forecast costs one extra pass over the prices and no extra optimisation: the same solves run on the forecast instead of the actual prices.",
    ...common,
  ];
}

const COLUMNS: Column[] = [{ header: "Methodology", key: "text", width: 80, maxWidth: 80, wrap: true }];

export function addMethodologySheet(
  wb: ExcelJS.Workbook,
  foresight: "realistic" | "perfect",
  battery: boolean,
): void {
  const ws = tableSheet(wb, "Methodology", COLUMNS);
  const lines = battery
    ? methodologyLines(foresight)
    : [
        "This plant has no battery: its revenue is its generation, interval by interval (from the site's solar or wind profile), sold at the world view's prices. The lines below say how those prices and the foresight are used where a battery trades.",
        ...methodologyLines(foresight),
      ];
  for (const text of lines) ws.addRow({ text });
  finishTable(ws, COLUMNS);
}
