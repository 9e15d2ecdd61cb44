// `npx tsx engine/worldview/cli/fit-nem-fcas.ts`: fits the NEM FCAS price levels on the published
// revenue of the fleet (issue 26 item 2; decision 0243). No full-year FCAS price file could be found
// (shared/data/SOURCES.md, passes 2 and 3); the 17 days of 5-minute FCAS prices set only the shapes:
// the services' relative levels within contingency and within regulation, their time-of-day shapes and
// noise. Two factors are fitted — one for the six contingency markets, one for the two regulation
// markets (premium and scarcity weight scaled together) — so that a 2 h battery's 2024 FCAS revenue on
// the Central world view (nem-revenue.ts: Energy + FCAS, realistic foresight, fleet-weighted) lands
// on Modo's 2024 FCAS part (A$46k/MW) split as Modo's January 2025 index (contingency 75 %,
// regulation 25 %). Prints the levels to paste into SERVICE_LEVELS.NEM (engine/worldview/ancillary.ts).
import { SERVICE_LEVELS } from "../ancillary.ts";
import { clearWorldviewCache } from "../world-view.ts";
import { NEM_PUBLISHED_2024, nemFleetRevenue2024 } from "./nem-revenue.ts";

const REGULATION = ["RAISEREG", "LOWERREG"] as const;
const services = SERVICE_LEVELS.NEM.services;
const keys = Object.keys(services) as (keyof typeof services)[];
const target = {
  contingency: NEM_PUBLISHED_2024.fcasPerMW * NEM_PUBLISHED_2024.contingencyShareOfFcas,
  regulation: NEM_PUBLISHED_2024.fcasPerMW * NEM_PUBLISHED_2024.regulationShareOfFcas,
};

function scale(regulation: boolean, k: number): void {
  for (const key of keys) {
    if ((REGULATION as readonly string[]).includes(key) !== regulation) continue;
    const s = services[key]!;
    s.level = +(s.level * k).toPrecision(4);
    s.scarcityWeight = +(s.scarcityWeight * k).toPrecision(3);
  }
}

async function main(): Promise<void> {
  for (let round = 0; round < 4; round++) {
    const r = await nemFleetRevenue2024();
    const kc = target.contingency / r.contingencyPerMW;
    const kr = target.regulation / r.regulationPerMW;
    console.error(
      `round ${round}: contingency ${r.contingencyPerMW.toFixed(0)} (×${kc.toFixed(3)}), regulation ${r.regulationPerMW.toFixed(0)} (×${kr.toFixed(3)}), energy ${r.energyPerMW.toFixed(0)} A$/MW`,
    );
    if (Math.abs(kc - 1) < 0.02 && Math.abs(kr - 1) < 0.02) break;
    scale(false, kc);
    scale(true, kr);
    clearWorldviewCache();
  }
  for (const key of keys) {
    const s = services[key]!;
    console.log(`${key}: level ${s.level}, scarcityWeight ${s.scarcityWeight}`);
  }
}

void main();
