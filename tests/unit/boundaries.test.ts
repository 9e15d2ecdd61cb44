// The boundaries of ARCHITECTURE.md, as `npm run lint` enforces them (decision 0032): the lint rules
// fail on an import across a boundary and on an import circle, and pass on what the project does.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { cruise } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives for this code at this path. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages
    .filter((m) => m.ruleId === "import-x/no-restricted-paths" || m.ruleId === "no-restricted-imports")
    .map((m) => m.message);
}

describe("import boundaries (ESLint)", () => {
  it("refuses app/ importing api/ internals", async () => {
    const errors = await boundaryErrors(
      "app/services/fixture.server.ts",
      'import { SUBSCRIPTIONS } from "../../api/access/catalog.ts";\nexport const n = SUBSCRIPTIONS.length;\n',
    );
    expect(errors.join("\n")).toMatch(/never by importing api\//);
  });

  it("refuses api/ importing app/ other than app/validation", async () => {
    const errors = await boundaryErrors(
      "api/routes/fixture.ts",
      'import { apiFor } from "../../app/services/api.server.ts";\nexport const f = apiFor;\n',
    );
    expect(errors.join("\n")).toMatch(/api\/ may import app\/validation/);
    const viaAlias = await boundaryErrors(
      "api/routes/fixture.ts",
      'import { me } from "~/services/auth.server";\nexport const f = me;\n',
    );
    expect(viaAlias.join("\n")).toMatch(/api\/ may import app\/validation/);
  });

  it("lets api/ import the shared contract and the engine", async () => {
    expect(
      await boundaryErrors(
        "api/routes/fixture.ts",
        'import { MESSAGES } from "../../app/validation/forecast.ts";\nimport { LAST_YEAR } from "../../engine/worldview/index.ts";\nexport const x = [MESSAGES, LAST_YEAR];\n',
      ),
    ).toEqual([]);
  });

  it("lets the engine's command-line tools read their settings through api/config.ts, and nothing else of api/", async () => {
    const cli =
      'import { parseEnv } from "../../../api/config.ts";\nexport const dir = parseEnv().VOLTCAST_SHARED_DATA_DIR;\n';
    expect(await boundaryErrors("engine/worldview/cli/fixture.ts", cli)).toEqual([]);
    const more = await boundaryErrors(
      "engine/worldview/cli/fixture.ts",
      'import { badRequest } from "../../../api/http/errors.ts";\nexport const f = badRequest;\n',
    );
    expect(more.join("\n")).toMatch(/may import api\/config\.ts/);
    // the pure model reads no settings at all
    const model = await boundaryErrors(
      "engine/worldview/fixture.ts",
      'import { parseEnv } from "../../api/config.ts";\nexport const f = parseEnv;\n',
    );
    expect(model.join("\n")).toMatch(/engine\/ is the pure model/);
  });

  it("keeps app/validation to zod and itself", async () => {
    const errors = await boundaryErrors(
      "app/validation/fixture.ts",
      'import { z } from "zod";\nimport { format } from "date-fns";\nexport const s = z.string().transform((v) => format(new Date(v), "yyyy"));\n',
    );
    expect(errors.join("\n")).toMatch(/imports nothing but zod/);
  });
});

describe("import circles (dependency-cruiser)", () => {
  const config = async () => {
    const { default: c } = await import(path.join(root, ".dependency-cruiser.cjs"));
    return c;
  };
  const violations = async (paths: string[]) => {
    const c = await config();
    const result = await cruise(paths, { ...c.options, validate: true, ruleSet: { forbidden: c.forbidden } });
    if (typeof result.output === "string") throw new Error(result.output);
    return result.output.summary.violations.filter((v) => v.rule.name === "no-circular");
  };

  it("fails on a circle, type imports included", async () => {
    const found = await violations(["tests/fixtures/import-circle"]);
    expect(found.length).toBeGreaterThan(0);
  });

  it("finds none in engine/, generated data files and their readers included", async () => {
    const rule = (await config()).forbidden.find((r: { name: string }) => r.name === "no-circular");
    expect(rule.to).toEqual({ circular: true });
    expect(await violations(["engine"])).toEqual([]);
  }, 120_000);

  it("finds none in api/ and app/", async () => {
    expect(await violations(["api", "app"])).toEqual([]);
  }, 120_000);
});

describe("settings (api/config.ts, decision 0040)", () => {
  it("no engine module reads a VOLTCAST_ or CHAIN_ variable from process.env itself", () => {
    const raw = readdirSync(path.join(root, "engine"), { recursive: true })
      .map(String)
      .filter((f) => /\.(ts|mjs)$/.test(f))
      .filter((f) =>
        /process\.env(\.|\[["'])(VOLTCAST_|CHAIN_)/.test(readFileSync(path.join(root, "engine", f), "utf8")),
      );
    expect(raw).toEqual([]);
  });
});
