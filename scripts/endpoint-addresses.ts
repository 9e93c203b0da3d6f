import { pathToFileURL } from "node:url";
import { type NamespacedUnregister, register } from "tsx/esm/api";
import type { Plugin } from "vite";

/** A table of src/shared/endpoints: not endpoint.ts (the helpers) nor all-tables.ts (the list). */
const endpointTable =
  /[\\/]src[\\/]shared[\\/]endpoints[\\/](?!(endpoint|all-tables)\.ts$)[^\\/]+\.ts$/;

type Table = Record<string, { method: string; path: string }>;

const isTable = (value: unknown): value is Table =>
  typeof value === "object" &&
  value !== null &&
  Object.values(value).every(
    (entry) => typeof entry?.method === "string" && typeof entry?.path === "string",
  );

/**
 * The client build's copy of the endpoint tables (docs/api.md, "The endpoint table"): each table
 * of src/shared/endpoints with only its methods and paths, so a page that calls the API does not
 * load zod and every schema with it (the bundle budgets, docs/performance.md). The client reads
 * nothing else from the tables at run time (`addressOf` and `call` in src/client/lib/api/request.ts);
 * the type checker, the tests and the development server read the tables themselves.
 */
export function endpointAddresses(): Plugin {
  // One loader namespace per build, so the tables share one load of zod and the schemas (a
  // namespace of their own each cost seconds of every build); a new one per build, so a rebuild
  // (vite build --watch) reads the tables as they are then.
  let loader: NamespacedUnregister | undefined;
  return {
    name: "endpoint-addresses",
    apply: "build",
    async load(id) {
      if (!endpointTable.test(id)) return null;
      loader ??= register({ namespace: `endpoint-addresses-${Date.now()}` });
      const tables: Record<string, unknown> = await loader.import(
        pathToFileURL(id).href,
        import.meta.url,
      );
      return Object.entries(tables)
        .map(([name, table]) => {
          if (!isTable(table)) throw new Error(`${id}: ${name} is not a table of endpoints`);
          const addresses = Object.fromEntries(
            Object.entries(table).map(([key, { method, path }]) => [key, { method, path }]),
          );
          return `export const ${name} = ${JSON.stringify(addresses)};`;
        })
        .join("\n");
    },
    async buildEnd() {
      await loader?.unregister();
      loader = undefined;
    },
  };
}
