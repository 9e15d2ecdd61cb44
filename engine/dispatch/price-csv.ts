// Parses the CLI's price file: header `timestamp,price`, ISO-8601 timestamps, equal intervals.
// Pure (text in, data out); errors name the line and the problem.

export interface PriceSeries {
  timestamps: string[];
  price: Float64Array;
  intervalMinutes: number;
  startUtc: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function parsePriceCsv(text: string, intervalMinutes?: number): PriceSeries {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0) throw new Error("prices file is empty");
  const header = lines[0]
    .replace(/^\uFEFF/, "")
    .split(",")
    .map((h) => h.trim().toLowerCase());
  // the world views' power-price files name the price's unit and basis after it: "price [GBP/MWh; …]",
  // and put the market's local time between the two: "timestamp,local time [Europe/London],price [...]"
  const priceColumn = header.findIndex((h) => /^price( \[.*\])?$/.test(h));
  if (header[0] !== "timestamp" || priceColumn < 1)
    throw new Error(`prices file: header must be 'timestamp,price' (found '${lines[0]}')`);
  const timestamps: string[] = [];
  const ms: number[] = [];
  const price: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i].split(",");
    if (cells.length <= priceColumn)
      throw new Error(`prices file line ${i + 1}: expected ${priceColumn + 1} columns`);
    const ts = cells[0].trim();
    if (!ISO.test(ts)) throw new Error(`prices file line ${i + 1}: timestamp '${ts}' is not ISO 8601`);
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(ts);
    const t = Date.parse(hasZone ? ts : `${ts.replace(" ", "T")}Z`);
    if (!Number.isFinite(t))
      throw new Error(`prices file line ${i + 1}: timestamp '${ts}' is not a valid date`);
    const raw = cells[priceColumn].trim();
    const p = raw === "" ? NaN : Number(raw);
    if (!Number.isFinite(p)) throw new Error(`prices file line ${i + 1}: price '${raw}' is not a number`);
    timestamps.push(ts);
    ms.push(t);
    price.push(p);
  }
  if (price.length === 0) throw new Error("prices file has no data rows");
  let step: number;
  if (price.length >= 2) {
    step = ms[1] - ms[0];
    if (!(step > 0)) throw new Error("prices file line 3: timestamps must increase");
    for (let i = 2; i < ms.length; i++)
      if (ms[i] - ms[i - 1] !== step)
        throw new Error(
          `prices file line ${i + 2}: intervals are not equal (expected ${step / 60000} minutes)`,
        );
    if (intervalMinutes !== undefined && Math.abs(intervalMinutes * 60000 - step) > 1e-6)
      throw new Error(
        `--interval-minutes ${intervalMinutes} does not match the file's ${step / 60000}-minute intervals`,
      );
  } else {
    if (intervalMinutes === undefined) throw new Error("a single-row prices file needs --interval-minutes");
    step = intervalMinutes * 60000;
  }
  return {
    timestamps,
    price: Float64Array.from(price),
    intervalMinutes: step / 60000,
    startUtc: new Date(ms[0]).toISOString(),
  };
}
