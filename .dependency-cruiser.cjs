/**
 * The top folders and root files of src/server in layers, bottom first (docs/architecture.md, "The
 * module picture"): a folder or root file imports only those of the layers below it, so none ever
 * imports itself back through another (pairings/ → newsletters/ → pairings/, config.ts →
 * scheduling/ → config.ts, context.ts → jobs/ → context.ts), type-only imports included. A new
 * top folder or root file takes the lowest layer above everything it imports; when it needs one of
 * its own layer or above, move the shared piece down or the operation up.
 */
const SERVER_LAYERS = [
  [
    "calendar-service-settings.ts",
    "clock.ts",
    "database-outage.ts",
    "errors.ts",
    "job-triggers.ts",
    "log-destination.ts",
    "log-redaction.ts",
    "mail-transport.ts",
    "repo-root.ts",
    "trust-proxy.ts",
  ],
  ["config.ts", "job-wakes.ts", "refuse-broken-text.ts", "server-error.ts", "terminal.ts"],
  ["db", "http", "matching", "outbound"],
  ["context.ts", "people-rows"],
  ["activity", "app-secret.ts", "dates", "help", "mail", "match-members", "monitoring", "settings"],
  ["company", "icalendar", "scheduling"],
  ["outbox"],
  ["auth"],
  ["admin-cli.ts", "api-docs", "api-tokens", "directory", "http-plugins.ts", "images"],
  ["inquiries", "pairings", "request-hooks.ts"],
  ["channels", "matches", "profile"],
  ["metrics", "slack", "teams", "unsubscribe", "webhooks"],
  ["check-ins", "newsletters", "people"],
  ["privacy", "rounds", "scim"],
  ["demo"],
  ["employees", "getting-started", "jobs"],
  ["app.ts"],
  ["start-server.ts"],
  ["main.ts"],
];

/** A top folder ("db") is every file under it; a root file ("config.ts") is itself. */
const units = (names) =>
  `^src/server/(${names.map((n) => (n.endsWith(".ts") ? `${n.replace(".", "\\.")}$` : `${n}/`)).join("|")})`;

/** One rule per layer: its units import nothing of their own layer or above but themselves. */
const layerRules = SERVER_LAYERS.map((layer, index) => ({
  name: `top-folders-in-layers-${index}`,
  comment: `${layer.join(", ")} (layer ${index} of SERVER_LAYERS) import only the layers below: no cycle between the top folders and root files of src/server.`,
  severity: "error",
  from: { path: units(layer) },
  to: { path: units(SERVER_LAYERS.slice(index).flat()), pathNot: "^src/server/$1" },
}));

/**
 * Import rules checked by `npm run lint` (see docs/architecture.md, "Keeping the layout").
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "top-folder-has-a-layer",
      comment:
        "Every top folder and root file of src/server is in SERVER_LAYERS, above everything it imports.",
      severity: "error",
      from: {
        path: "^src/server/([^/]+/|[^/]+\\.ts$)",
        pathNot: units(["test", ...SERVER_LAYERS.flat()]),
      },
      to: { path: "^src/server/" },
    },
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
