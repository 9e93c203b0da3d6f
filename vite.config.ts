import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the API server listens in development (see ARCHITECTURE.md: PORT 5000, HOST 127.0.0.1). */
const apiTarget = "http://127.0.0.1:5000";
const proxied = ["/api", "/admin-images", "/completed_pairings", "/uploads"];

export default defineConfig({
  root: fromRoot("."),
  plugins: [react(), tailwindcss(), precompress()],
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
