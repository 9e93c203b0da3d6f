import path from "node:path";
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
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // The small modules shared by pages are copied into the chunks that use them instead of
        // each being a file of its own: 81 JavaScript files instead of 180, a request each, every
        // page staying in its budget (decision 0101).
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } },
        // The app's own chunk and its style sheet are otherwise named after the folder the build
        // runs in.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.endsWith("/src/client/main.tsx"))
            ? "assets/app-[hash].js"
            : "assets/[name]-[hash].js",
        assetFileNames: (asset) =>
          asset.names.includes(`${path.basename(fromRoot("."))}.css`)
            ? "assets/app-[hash][extname]"
            : "assets/[name]-[hash][extname]",
      },
    },
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
