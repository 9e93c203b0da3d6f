/**
 * Import rules checked by `npm run lint` (see docs/architecture.md, "Keeping the layout").
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module imports itself back, not even through types.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-circular-folders",
      comment:
        "No folder imports itself back through other folders: each feature sits on the ones below it.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-imports-neither-side",
      comment: "src/shared is the API contract used by both sides; it imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|client)/" },
    },
    {
      name: "client-never-imports-server",
      comment: "The browser bundle must not pull in server code; share through src/shared.",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-never-imports-client",
      comment: "Server code stays free of React pages; share through src/shared.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
  ],
  options: {
    // Tests and their helpers are leaves that may reach across layers to check that the parts fit.
    exclude: { path: ["\\.test\\.tsx?$", "/test-helpers\\.ts$", "^src/server/test/"] },
    includeOnly: "^(src|e2e|bench|scripts)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs"],
    },
    cache: false,
  },
};
