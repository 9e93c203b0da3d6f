// The floor for bench:api: a bare Fastify server with no plugins and no hooks, in its own process,
// answering GET /floor with one indexed SELECT through a `pg` pool (DATABASE_POOL_SIZE, as the
// app's, default 10) and GET /hello with a constant; with a statement given as JSON
// `{ text, values }` (the app's own statement for a route, see api.bench.ts), also GET /ceiling
// running that statement the same bare way. Usage: node floor-server.mjs <postgres url>
// [statement]; prints its URL.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({
  connectionString: process.argv[2],
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const { rows } = await pool.query("select id from users order by email limit 1");
const id = rows[0].id;
const app = Fastify({ logger: false });
app.get("/floor", async () => {
  const result = await pool.query({
    name: "floor",
    text: "select id, email, first_name, last_name from users where id = $1",
    values: [id],
  });
  return result.rows[0];
});
app.get("/hello", async () => ({ hello: "world" }));
if (process.argv[3]) {
  const { text, values } = JSON.parse(process.argv[3]);
  app.get("/ceiling", async () => {
    const result = await pool.query({ name: "ceiling", text, values });
    return result.rows[0];
  });
}
const address = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`floor at ${address}`);
process.once("SIGTERM", async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
