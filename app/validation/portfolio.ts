// A portfolio asset (spec §3 "Portfolio asset" record): the form of the portfolio page and the body
// of POST /forecast/portfolio/assets/ are checked by this one schema.
import { z } from "zod";
import { FORECAST_REGIONS, LIMITS, MESSAGES } from "./forecast.ts";

const optionalNumber = (lo: number, hi: number, message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ invalid_type_error: message }).min(lo, message).max(hi, message).optional(),
  );
export const PortfolioAssetSchema = z
  .object({
    assetId: z.string().trim().max(100).optional(),
    assetName: z.string().trim().max(LIMITS.assetName, MESSAGES.assetNameMax).optional(),
    ratedPower: z.coerce
      .number({ invalid_type_error: MESSAGES.ratedPower })
      .min(1, MESSAGES.ratedPower)
      .max(500, MESSAGES.ratedPower),
    energyCapacity: z.coerce
      .number({ invalid_type_error: "Please enter the energy capacity in MWh." })
      .positive("Please enter the energy capacity in MWh.")
      .max(4000, "Please enter a value between 0 - 4000 MWh."),
    gsp: z.string().trim().max(10).optional(),
    technology: z.literal("BESS").default("BESS"),
    marketRegion: z.enum(FORECAST_REGIONS, { errorMap: () => ({ message: MESSAGES.region }) }),
    forecastRunId: z.string().uuid("Not a run id.").optional(),
    city: z.string().trim().max(LIMITS.city, MESSAGES.cityMax).optional(),
    address: z.string().trim().max(LIMITS.address, MESSAGES.addressMax).optional(),
    zipCode: z.string().trim().max(LIMITS.zipCode, MESSAGES.zipCode).optional(),
    latitude: optionalNumber(-90, 90, MESSAGES.latitude),
    longitude: optionalNumber(-180, 180, MESSAGES.longitude),
    importCapacity: optionalNumber(1, 1000, MESSAGES.importExport),
    exportCapacity: optionalNumber(1, 1000, MESSAGES.importExport),
    operationalSince: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a date as YYYY-MM-DD.")
      .optional(),
    userFullName: z.string().trim().max(200).optional(),
    companyName: z.string().trim().max(200).optional(),
  })
  .superRefine((v, c) => {
    if (!v.assetId && !v.assetName)
      c.addIssue({ code: "custom", path: ["assetName"], message: MESSAGES.assetNameRequired });
  });
