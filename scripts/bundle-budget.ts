import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Bytes of JavaScript a browser downloads before a page shows, brotli as served (see docs/performance.md). */
export const LANDING_BUDGET = 100 * 1024;
export const PAGE_BUDGET = 154 * 1024;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  /** `/` for the entry, else the lazily loaded page module. */
  page: string;
  files: string[];
  rawBytes: number;
  brotliBytes: number;
  gzipBytes: number;
  budget: number;
}

/** The chunk and every chunk it imports statically: what loads together with it. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Size as sent: the build's .br/.gz copy, or the file itself when it was too small to compress. */
function sentBytes(file: string, extension: ".br" | ".gz"): number {
  return existsSync(file + extension) ? statSync(file + extension).size : statSync(file).size;
}

/**
 * The page module a lazily loaded chunk starts from: its key, or for a page that other chunks
 * also import (so that its chunk is keyed by chunk, not by source), the chunk's name.
 */
function pageSource(manifest: Manifest, key: string): string | undefined {
  if (key.startsWith("src/client/pages/")) return key;
  const name = manifest[key].name;
  return key.startsWith("_") && name?.endsWith("-page")
    ? `src/client/pages/${name}.tsx`
    : undefined;
}

/**
 * The initial JavaScript of every route, read from a client build's manifest: the entry's chunk
 * graph for `/`; for each lazily loaded page, the entry's graph plus the page's plus every lazy
 * route layout (`*-layout.tsx`, such as the data provider), which loads with the first page.
 */
export function routeBundles(outDir: string): RouteBundle[] {
  const manifest: Manifest = JSON.parse(
    readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"),
  );
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("The client build's manifest has no entry");
  // The entry is a small file importing the app's chunk, which imports the pages lazily.
  const lazy = [
    ...new Set(
      [...staticClosure(manifest, entryKey)].flatMap((key) => manifest[key].dynamicImports ?? []),
    ),
  ];
  const pages = lazy.flatMap((key) => {
    const source = pageSource(manifest, key);
    return source ? [{ key, source }] : [];
  });
  const layouts = lazy.filter((key) => key.endsWith("-layout.tsx"));
  const measure = (page: string, roots: string[], budget: number): RouteBundle => {
    const keys = new Set<string>();
    for (const root of roots) staticClosure(manifest, root, keys);
    const files = [...keys]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith(".js"))
      .sort();
    const sum = (extension: ".br" | ".gz") =>
      files.reduce((total, file) => total + sentBytes(path.join(outDir, file), extension), 0);
    const rawBytes = files.reduce(
      (total, file) => total + statSync(path.join(outDir, file)).size,
      0,
    );
    return { page, files, rawBytes, brotliBytes: sum(".br"), gzipBytes: sum(".gz"), budget };
  };
  return [
    measure("/", [entryKey], LANDING_BUDGET),
    ...pages.map(({ key, source }) => measure(source, [entryKey, ...layouts, key], PAGE_BUDGET)),
  ];
}

export function formatBundles(bundles: RouteBundle[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return bundles
    .map(
      (b) =>
        `${b.page.padEnd(48)} br ${kb(b.brotliBytes).padStart(9)}  gzip ${kb(b.gzipBytes).padStart(9)}  budget ${kb(b.budget)}`,
    )
    .join("\n");
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(formatBundles(routeBundles(path.resolve(process.argv[2] ?? "dist/client"))));
}
