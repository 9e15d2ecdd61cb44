// `npm run worldview:fit-services`: calibrates each service's premium (and scarcity weight, scaled
// together) so that the world view's mean over the data's window matches the real mean clearing
// price (serviceTargets), then prints the errors and the fitted numbers to paste into
// SERVICE_LEVELS (engine/worldview/ancillary.ts). Floors, shapes, noise and requirements stay as set.
// Without --fit it only prints the errors of the committed levels. Targets from internal calibration
// data (the German auction files) print their relative error only. Then the published cross-checks
// of the German estimates.
import { SERVICE_LEVELS } from "../ancillary.ts";
import { clearWorldviewCache, marketYear } from "../world-view.ts";
import { publishedChecks, serviceTargets, windowMean, type ServiceTarget } from "./service-data.ts";

const FIT = process.argv.includes("--fit");
// `--only ERCOT` fits and prints one market's services (the others keep their committed levels)
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const targets = serviceTargets().filter((t) => !only || t.region === only);
if (!targets.length) {
  console.log("No real service data found in ../shared/data (or VOLTCAST_SHARED_DATA_DIR).");
  process.exit(0);
}

function modelMean(t: Omit<ServiceTarget, "mean" | "window" | "source">): number {
  const my = marketYear(t.scenarioId, t.year, { zone: t.zone, intervalMinutes: t.intervalMinutes });
  return windowMean(my.servicePrices[t.key]!, my.startUtc, my.intervalMinutes, t);
}

for (let round = 0; round < (FIT ? 4 : 0); round++) {
  for (const t of targets) {
    // NEM FCAS levels are fitted on the published 2024 revenue (cli/fit-nem-fcas.ts, decision 0243):
    // the 17-day sample only shapes them, its errors are printed for comparison
    if (t.region === "NEM") continue;
    const s = SERVICE_LEVELS[t.region].services[t.key]!;
    const m = modelMean(t);
    if (m - s.floor > 1e-9 && t.mean - s.floor > 0) {
      const k = (t.mean - s.floor) / (m - s.floor);
      s.level *= k;
      s.scarcityWeight *= k;
    }
  }
  clearWorldviewCache();
}

function printErrors(rows: ServiceTarget[], head: string): void {
  console.log(`${head.padEnd(37)}real     model    error`);
  for (const t of rows) {
    const m = modelMean(t);
    const err = Math.abs(t.mean) < 1e-9 ? 0 : (m - t.mean) / Math.abs(t.mean);
    // internal calibration data: the relative error only (model and error together would show the data)
    const show = (v: number) => (t.internal ? "   (int)" : v.toFixed(3).padStart(8));
    console.log(
      `${t.key.padEnd(11)}${t.region.padEnd(8)}${t.window.padEnd(18)}${show(t.mean)} ${show(m)} ${(100 * err).toFixed(1).padStart(7)} %`,
    );
  }
}

printErrors(targets, "service    region  window");
console.log();
printErrors(publishedChecks(), "published cross-check");
// eera Battery Beats (2025): at average prices the aFRR capacity markets earn about what FCR earns
for (const year of only && only !== "DE" ? [] : [2024, 2026]) {
  const at = (key: ServiceTarget["key"]) =>
    modelMean({ region: "DE", key, scenarioId: "de-central", year, inWindow: () => true });
  console.log(
    `DE ${year}: aFRR up + down ÷ FCR = ${((at("AFRR_UP") + at("AFRR_DOWN")) / at("FCR")).toFixed(2)} (eera: about what FCR earns)`,
  );
}
if (FIT) {
  console.log("\nFitted level / scarcityWeight (paste into SERVICE_LEVELS):");
  for (const t of targets) {
    const s = SERVICE_LEVELS[t.region].services[t.key]!;
    console.log(
      `${t.region} ${t.key}: level ${+s.level.toPrecision(4)}, scarcityWeight ${+s.scarcityWeight.toPrecision(3)}`,
    );
  }
}
