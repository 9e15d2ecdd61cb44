// World-view benchmarks: all years of one scenario at the settlement interval, databook and
// power-price file build times.
import {
  marketYear,
  clearWorldviewCache,
  buildDatabookXlsx,
  buildPowerPriceCsv,
  annualStatistics,
} from "../engine/worldview/index.ts";

export default async function bench(): Promise<void> {
  for (const id of ["gb-central", "ercot-central", "nem-central", "de-central", "es-central"]) {
    clearWorldviewCache();
    const t = performance.now();
    let n = 0;
    for (let y = 2025; y <= 2050; y++) n += marketYear(id, y).energyPrice.length;
    console.log(
      `${id}: all 26 years at settlement interval in ${((performance.now() - t) / 1000).toFixed(2)} s (${n.toLocaleString()} intervals)`,
    );
  }
  clearWorldviewCache();
  let t = performance.now();
  annualStatistics("gb-central");
  const xlsx = await buildDatabookXlsx("gb-central");
  console.log(
    `databook gb-central: ${((performance.now() - t) / 1000).toFixed(2)} s, ${(xlsx.length / 1024).toFixed(0)} KB`,
  );
  t = performance.now();
  const nem = await buildDatabookXlsx("nem-central");
  console.log(
    `databook nem-central (5 regions): ${((performance.now() - t) / 1000).toFixed(2)} s, ${(nem.length / 1024).toFixed(0)} KB`,
  );
  t = performance.now();
  const csv = await buildPowerPriceCsv("gb-central");
  console.log(
    `power prices gb-central (26 years, half-hourly): ${((performance.now() - t) / 1000).toFixed(2)} s, ${(csv.length / 1e6).toFixed(1)} MB`,
  );
  const mem = process.memoryUsage();
  console.log(`rss ${(mem.rss / 1e6).toFixed(0)} MB, heap ${(mem.heapUsed / 1e6).toFixed(0)} MB`);
}
