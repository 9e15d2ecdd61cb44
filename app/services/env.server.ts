// The web app's part of the environment (set by server.ts before the app loads).
import { z } from "zod";

const WebEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(32),
  VOLTCAST_API_URL: z.string().url(),
});

let cached: z.infer<typeof WebEnv> | undefined;
export function webEnv() {
  cached ??= WebEnv.parse(process.env);
  return cached;
}
