import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { DEMO_MODE_META, sampleEmployeesMeta } from "../../shared/app-mode";
import { isClientRoute } from "../../shared/routes";
import type { Config } from "../config";
import { ASSET_CACHE_CONTROL, CLIENT_ASSETS_GLOBS, serveClientAssets } from "./client-assets";

/**
 * The built client: its hashed code and styles from memory (client-assets.ts), its other files
 * from the folder (precompressed; assets cached for a year), and index.html for every page of the
 * client's route table; anything else, and every unknown /api path, is a JSON 404.
 */
export async function serveClientPages(
  app: FastifyInstance,
  config: Config,
  clientDir: string | undefined,
): Promise<void> {
  const indexHtml = clientDir ? readIndexHtml(clientDir, config) : undefined;
  if (clientDir && indexHtml) {
    serveClientAssets(app, clientDir);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      serve: true,
      globIgnore: CLIENT_ASSETS_GLOBS,
      // The build writes .br and .gz beside each file (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", ASSET_CACHE_CONTROL);
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0];
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (pathname.startsWith("/api/") || pathname === "/api" || !wantsPage || !indexHtml) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    const route = pathname.replace(/(.)\/+$/, "$1");
    // The simple test access page exists only in DEMO mode (docs/sign-in.md).
    const known = isClientRoute(route) && (route !== "/simple-auth" || config.DEMO);
    return reply
      .code(known ? 200 : 404)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
}

/**
 * The pages' HTML, marked for demo mode when DEMO=1 so the client shows demo-only pieces, with
 * the size of the company it seeded, which /admin-demo shows.
 */
function readIndexHtml(
  clientDir: string,
  config: Pick<Config, "DEMO" | "DEMO_EMPLOYEES">,
): string | undefined {
  const file = path.join(clientDir, "index.html");
  if (!existsSync(file)) return undefined;
  const html = readFileSync(file, "utf8");
  if (!config.DEMO) return html;
  const marks = `  ${sampleEmployeesMeta(config.DEMO_EMPLOYEES)}\n  ${DEMO_MODE_META}\n  </head>`;
  return html.replace("</head>", marks);
}
