import { readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images and fonts are already compressed formats. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(".")) continue; // .vite/manifest.json is read at build time, not served
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* walk(file);
    else yield file;
  }
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible file in `dir`;
 * the number of files compressed. All at once: Node compresses on its thread pool, so the build
 * uses every core for it (Brotli at quality 11 is most of this step's time).
 */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = [...walk(dir)].filter((file) => COMPRESSIBLE.test(file));
  const compressed = await Promise.all(files.map(compressBeside));
  return compressed.filter(Boolean).length;
}

/** The file's compressed copies beside it, unless it is too small to gain from them. */
async function compressBeside(file: string): Promise<boolean> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}

/**
 * Compresses the client build once at build time, so the server sends the smallest files
 * without compressing on every request (see docs/decisions/0003-precompressed-client.md).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "cup-of-joe:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
