import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The client build's hashed files: a new build gives every changed file a new name. */
const ASSETS = "assets";

/** The types of what Vite writes to assets/ (code, styles, imported images and fonts). */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".wasm": "application/wasm",
};

interface Asset {
  type: string;
  body: Buffer;
  /** The build's brotli and gzip copies (scripts/precompress.ts), where it wrote them. */
  br?: Buffer;
  gzip?: Buffer;
}

/** The glob, relative to the client folder, of the files `serveClientAssets` serves. */
export const CLIENT_ASSETS_GLOB = `${ASSETS}/**`;

/**
 * The hashed assets from memory, read once at start: a page's first load asks for about a hundred
 * of them, and each read from disk (a stat per encoding, an open, a stream) cost the server some
 * 2–3 ms of CPU against a fraction of that from memory (docs/performance.md, "The client's assets
 * from memory"). Their names change with their content, so they are cached for a year and read
 * once per process; the brotli or gzip copy goes to a browser that accepts it.
 */
export function serveClientAssets(app: FastifyInstance, clientDir: string): void {
  const assets = readAssets(path.join(clientDir, ASSETS));
  app.get<{ Params: { name: string } }>(
    `/${ASSETS}/:name`,
    { schema: { hide: true } },
    (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) return reply.callNotFound();
      return sendAsset(request, reply, asset);
    },
  );
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
  const accepted = request.headers["accept-encoding"];
  reply
    .header("Content-Type", asset.type)
    .header("Cache-Control", "public, max-age=31536000, immutable")
    .header("Vary", "accept-encoding");
  if (asset.br && accepts(accepted, "br")) {
    return reply.header("Content-Encoding", "br").send(asset.br);
  }
  if (asset.gzip && accepts(accepted, "gzip")) {
    return reply.header("Content-Encoding", "gzip").send(asset.gzip);
  }
  return reply.send(asset.body);
}

/** Whether an Accept-Encoding header takes `coding` (named or `*`, with no `q=0`). */
function accepts(header: string | string[] | undefined, coding: string): boolean {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  return text.split(",").some((part) => {
    const [name, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name !== coding && name !== "*") return false;
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

function readAssets(folder: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return assets;
  }
  for (const name of names) {
    const file = path.join(folder, name);
    if (/\.(br|gz)$/.test(name) || !statSync(file).isFile()) continue;
    assets.set(name, {
      type: TYPES[path.extname(name)] ?? "application/octet-stream",
      body: readFileSync(file),
      br: readIfThere(`${file}.br`),
      gzip: readIfThere(`${file}.gz`),
    });
  }
  return assets;
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
