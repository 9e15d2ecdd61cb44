// Import circles fail `npm run lint` (issue 21): a module graph without circles can be read, and
// changed, from the bottom up. Type-only imports count (tsPreCompilationDeps): a circle of types
// is still a circle of meaning. The boundaries between app/, api/ and engine/ are ESLint's
// (eslint.config.js, import-x/no-restricted-paths).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: invert one of its imports (decision 0032).",
      // Generated data files included: their types live apart from their readers
      // (engine/worldview/derived-shapes.ts), so a generated file and its reader never import each other.
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|public/build|\\.voltcast|tests/api-client/generated)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
