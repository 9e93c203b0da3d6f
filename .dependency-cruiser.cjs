/**
 * The top folders of src/server in layers, bottom first (docs/architecture.md, "The module
 * picture"): a folder imports only folders of the layers below it, so no top folder ever imports
 * itself back through another (pairings/ → newsletters/ → pairings/). A new top folder takes the
 * lowest layer above everything it imports; when a folder needs one of its own layer or above,
 * move the shared piece down or the operation up.
 */
const SERVER_LAYERS = [
  ["db", "http", "matching", "outbound"],
  ["activity", "calendar", "help", "mail", "match-members", "monitoring", "settings"],
  ["company", "match-calendar", "scheduling"],
  ["outbox"],
  ["auth"],
  ["api-docs", "api-tokens", "directory", "images"],
  ["inquiries", "pairings"],
  ["chat", "matches", "profile"],
  ["metrics", "teams", "unsubscribe", "webhooks"],
  ["check-ins", "newsletters", "people"],
  ["demo", "privacy", "rounds", "scim"],
  ["employees", "getting-started", "jobs"],
];

const folders = (names) => `^src/server/(${names.join("|")})/`;

/** One rule per layer: its folders import nothing of their own layer or above but themselves. */
const layerRules = SERVER_LAYERS.map((layer, index) => ({
  name: `top-folders-in-layers-${index}`,
  comment: `${layer.join(", ")} (layer ${index} of SERVER_LAYERS) import only the layers below: no cycle between the top folders of src/server.`,
  severity: "error",
  from: { path: folders(layer) },
  to: { path: folders(SERVER_LAYERS.slice(index).flat()), pathNot: "^src/server/$1/" },
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
      comment: "Every top folder of src/server is in SERVER_LAYERS, above everything it imports.",
      severity: "error",
      from: { path: "^src/server/[^/]+/", pathNot: folders(["test", ...SERVER_LAYERS.flat()]) },
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
