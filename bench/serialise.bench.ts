/**
 * Response serialisation benchmark: `npm run bench:serialise [-- rounds] [--postgres]` (default 5
 * rounds of 3 s per route on the embedded PGlite; BENCH_SECONDS sets the length; --postgres: a
 * throwaway PostgreSQL server).
 *
 * The real app (buildApp) with 300 people. The answer of the admin's list
 * GET /api/admin/users?limit=200 (200 people, their counts and the cursor, about 57 KB of JSON)
 * is read once, then answered by three routes of that app that return it as it is, so the
 * database is out of the measure and only the serialiser differs:
 *   - schema: as every route is: fastify-type-provider-zod parses the answer with the zod
 *     response schema, then JSON.stringify (docs/api.md);
 *   - stringify: no response schema: Fastify's JSON.stringify alone;
 *   - compiled: the same schema as JSON Schema (z.toJSONSchema) compiled by fast-json-stringify,
 *     what Fastify does with a JSON-schema response.
 * The real list route is measured beside them, for the share of a whole answer. autocannon (10
 * connections, 127.0.0.1, in this process) measures them one after the other in each round; each
 * ratio is taken within its round and the median of those is reported. Then each serialiser
 * alone on the same answer (µs per answer, median of the rounds). The three routes must answer
 * the same bytes, and any non-2xx answer fails the run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import fastJson from "fast-json-stringify";
import type { FastifyInstance } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { createMailer } from "../src/server/mail/mailer";
import { listUsers } from "../src/server/people/users/list-users";
import { createUser, signInAdmin } from "../src/server/test/factories";
import { startPostgresServer } from "../src/server/test/postgres-server";
import {
  type AdminUsersResponse,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
} from "../src/shared/admin-users";
import { answers } from "../src/shared/api";

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const usePostgres = args.includes("--postgres");
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const PEOPLE = 300;
const LIST = "/api/admin/users?limit=200";
const ways = ["schema", "stringify", "compiled"] as const;
type Way = (typeof ways)[number];
const paths: Record<Way, string> = {
  schema: "/api/bench/schema",
  stringify: "/api/bench/stringify",
  compiled: "/api/bench/compiled",
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const responseJsonSchema = z.toJSONSchema(adminUsersResponseSchema, { target: "draft-7" });

/** Three routes answering the same prepared answer, each through another serialiser. */
function addServingRoutes(app: FastifyInstance, answer: AdminUsersResponse) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    paths.schema,
    { schema: { response: answers(adminUsersResponseSchema) } },
    async () => answer,
  );
  app.get(paths.stringify, async () => answer);
  app.get(
    paths.compiled,
    {
      schema: { response: { 200: responseJsonSchema } },
      serializerCompiler: ({ schema }) =>
        fastJson(schema as unknown as Parameters<typeof fastJson>[0]),
    },
    async () => answer,
  );
}

async function requestsPerSecond(url: string, cookie?: string): Promise<number> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** µs per call of each serialiser on the same answer, median of `rounds` alternating runs. */
function serialiserCost(answer: unknown): Record<Way, number> {
  const serialisers: Record<Way, (data: unknown) => string> = {
    schema: serializerCompiler({ schema: adminUsersResponseSchema, method: "GET", url: LIST }),
    stringify: (data) => JSON.stringify(data),
    compiled: fastJson(responseJsonSchema as Parameters<typeof fastJson>[0]),
  };
  const calls = 500;
  const samples: Record<Way, number[]> = { schema: [], stringify: [], compiled: [] };
  for (let round = 0; round < rounds; round++) {
    for (const way of ways) {
      const start = performance.now();
      for (let i = 0; i < calls; i++) serialisers[way](answer);
      samples[way].push(((performance.now() - start) * 1000) / calls);
    }
  }
  return {
    schema: median(samples.schema),
    stringify: median(samples.stringify),
    compiled: median(samples.compiled),
  };
}

const pg = usePostgres ? await startPostgresServer() : undefined;
const database = await openDatabase({ databaseUrl: pg?.url });
const dataDir = mkdtempSync(path.join(tmpdir(), "coj-bench-serialise-"));
const config = loadConfig({
  NODE_ENV: "production",
  APP_URL: "http://127.0.0.1:5000",
  DATA_DIR: dataDir,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
});
const mailer = createMailer({ from: config.MAIL_FROM, db: database.db, log: () => {} });
let app: FastifyInstance | undefined;
try {
  await database.migrate();
  for (let i = 0; i < PEOPLE; i++) await createUser(database.db);
  const cookie = await signInAdmin(database.db);
  app = await buildApp({ config, db: database.db, mailer, logger: false });
  const answer = await listUsers(app.ctx, adminUsersQuerySchema.parse({ limit: "200" }));
  addServingRoutes(app, answer);
  const base = await app.listen({ host: "127.0.0.1", port: 0 });

  const bodies = await Promise.all(
    [LIST, ...ways.map((way) => paths[way])].map(async (url) =>
      (await fetch(base + url, { headers: { cookie } })).text(),
    ),
  );
  if (new Set(bodies).size !== 1) throw new Error("The routes answer different JSON");
  const where = usePostgres ? "PostgreSQL" : "PGlite";
  console.log(`answer: ${(bodies[0].length / 1024).toFixed(1)} KB, ${where}, ${rounds} rounds`);

  await requestsPerSecond(base + paths.schema); // warm-up
  const rps: Record<Way | "list", number[]> = { schema: [], stringify: [], compiled: [], list: [] };
  for (let round = 0; round < rounds; round++) {
    for (const way of ways) rps[way].push(await requestsPerSecond(base + paths[way]));
    rps.list.push(await requestsPerSecond(base + LIST, cookie));
  }
  const ratio = (way: Way) => median(rps[way].map((value, i) => value / rps.schema[i]));
  for (const way of ways) {
    const rate = median(rps[way]).toFixed(0).padStart(6);
    console.log(`${way.padEnd(10)} ${rate} req/s  ×${ratio(way).toFixed(2)} of schema`);
  }
  console.log(`list route ${median(rps.list).toFixed(0).padStart(6)} req/s (database included)`);

  const cost = serialiserCost(answer);
  for (const way of ways) {
    console.log(
      `${way.padEnd(10)} ${cost[way].toFixed(0).padStart(6)} µs per answer (serialiser alone)`,
    );
  }
} finally {
  await app?.close();
  await mailer.close();
  await database.close();
  await pg?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
