// Price paths and their P10/P50/P90 (issue 30 item 2, decision 0403). Pure: no I/O.
export { DEFAULT_PATH_SEED, pathWeatherKey, runPricePath, type PathMethod, type PathYear } from "./path.ts";
export { exceedance, exceedances, yearlyExceedances } from "./percentiles.ts";
export { pathPercentiles, p90Case, type PathPercentiles } from "./summary.ts";
