import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { endpointAddresses } from "./scripts/endpoint-addresses.ts";
import { precompress } from "./scripts/precompress.ts";
import { DEMO_MODE_META } from "./src/shared/app-mode.ts";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the API server listens in development (see ARCHITECTURE.md: PORT 5000, HOST 127.0.0.1). */
const apiTarget = "http://127.0.0.1:5000";
const proxied = ["/api", "/admin-images", "/completed_pairings", "/uploads"];

/** `npm run dev` with DEMO=1: mark the pages as the server does (src/shared/app-mode.ts). */
const demoModeInDev: Plugin = {
  name: "demo-mode-in-dev",
  apply: "serve",
  transformIndexHtml: (html) =>
    process.env.DEMO === "1" ? html.replace("</head>", `${DEMO_MODE_META}</head>`) : html,
};

export default defineConfig({
  root: fromRoot("."),
  plugins: [react(), tailwindcss(), precompress(), demoModeInDev, endpointAddresses()],
  resolve: {
    alias: {
      "@shared": fromRoot("./src/shared"),
      "@client": fromRoot("./src/client"),
    },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph the bundle budget test reads.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
});
