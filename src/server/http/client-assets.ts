import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The client build's hashed files: a new build gives every changed file a new name. */
const ASSETS = "assets";

/**
 * The code and styles Vite writes to assets/, by extension: what a page's first load asks for. The
 * folder's other files (imported images, fonts) stay with the static files plugin and its types.
 */
const CODE_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** Every file of assets/: its name changes with its content. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

interface Asset {
  type: string;
  body: Buffer;
  /** The build's brotli and gzip copies (scripts/precompress.ts), where it wrote them. */
  br?: Buffer;
  gzip?: Buffer;
}

/** Globs, relative to the client folder, of what `serveClientAssets` serves, copies included. */
export const CLIENT_ASSETS_GLOBS = Object.keys(CODE_TYPES).flatMap((extension) =>
  ["", ".br", ".gz"].map((copy) => `${ASSETS}/*${extension}${copy}`),
);

/**
 * The hashed assets from memory, read once at start: a page's first load asks for about a hundred
 * of them, and each read from disk (a stat per encoding, an open, a stream) cost the server about
 * 2 ms of CPU against under 0.5 ms from memory (docs/performance.md, "The client's assets
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
  reply
    .header("Content-Type", asset.type)
    .header("Cache-Control", ASSET_CACHE_CONTROL)
    .header("Vary", "accept-encoding");
  const coding = preferredCoding(request.headers["accept-encoding"], asset);
  if (coding === "br" || coding === "gzip") {
    return reply.header("Content-Encoding", coding).send(asset[coding]);
  }
  return reply.send(asset.body);
}

/**
 * The copy the browser prefers among those the build wrote, by the same negotiation (`q` values,
 * `*`) as the static files plugin serves the folder's other files with; none means the plain file.
 */
function preferredCoding(header: string | string[] | undefined, asset: Asset) {
  if (!header) return null;
  const codings = (["br", "gzip"] as const).filter((coding) => asset[coding]);
  return negotiate(Array.isArray(header) ? header.join(",") : header, [...codings, "identity"]);
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
    const type = CODE_TYPES[path.extname(name)];
    const file = path.join(folder, name);
    if (!type || !statSync(file).isFile()) continue;
    assets.set(name, {
      type,
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
