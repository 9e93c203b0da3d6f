import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DOCS_PAGE, OPENAPI_DOCUMENT } from "../../shared/api";
import { allEndpointTables } from "../../shared/endpoints/all-tables";
import { createTestApp, type TestApp } from "../test/test-app";

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  // Every optional endpoint on: the demo's simple access, and single sign-on (whose provider is
  // asked only when a sign-in starts).
  t = await createTestApp({
    env: { DEMO: "1", OIDC_ISSUER: "https://sso.example.invalid", OIDC_CLIENT_ID: "cup-of-joe" },
  });
  const res = await t.app.inject({ method: "GET", url: OPENAPI_DOCUMENT });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
const documented = (url: string) => url === OPENAPI_DOCUMENT || url.startsWith(API_DOCS_PAGE);

/** Every route but the document, its page and the HEAD twins Fastify adds to each GET. */
function routesOfTheApi() {
  return t.app.registeredRoutes.filter((r) => !documented(r.url) && r.method !== "HEAD");
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe("the OpenAPI document", () => {
  it("is an OpenAPI 3 document with a title, a version and paths", () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });

  it("lists every API route with a schema for its successful answer", () => {
    const routes = routesOfTheApi();
    expect(routes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of routes) {
      const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      const success = Object.entries(operation?.responses ?? {}).filter(([status]) =>
        /^[23]/.test(status),
      );
      const described = success.some(
        ([status, answer]) =>
          status.startsWith("3") ||
          Object.values(answer.content ?? {}).some((media) => media.schema !== undefined),
      );
      if (!described) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
  });

  it("lists every endpoint of the table in src/shared/endpoints, as the server registered it", () => {
    const endpoints = Object.values(allEndpointTables).flatMap((table) => Object.values(table));
    expect(endpoints.length).toBeGreaterThan(5);
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = endpoints
      .map((e) => `${e.method} ${e.path}`)
      .filter((e) => !registered.has(e) || !doc.paths[openapiPath(e.split(" ")[1])]);
    expect(missing).toEqual([]);
  });

  it("files each endpoint under its table's section, so the page opens one feature at a time", () => {
    const operationOf = (method: string, path: string) =>
      doc.paths[openapiPath(path)]?.[method.toLowerCase()] as { tags?: string[] } | undefined;
    expect(operationOf("GET", "/api/matches/current")?.tags).toEqual(["Match"]);
    expect(operationOf("POST", "/api/admin/newsletters/:id/send")?.tags).toEqual(["Newsletter"]);
    expect(operationOf("GET", "/api/health")?.tags).toEqual(["Health"]);
    const untagged = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation as { tags?: string[] }).tags?.length !== 1)
        .map(([method]) => `${method} ${path}`),
    );
    expect(untagged).toEqual([]);
  });

  it("names every operation once from its table, and declares who may call it as the server guards it", async () => {
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(ids.filter((id) => !id || ids.indexOf(id) !== ids.lastIndexOf(id))).toEqual([]);
    const operation = (method: string, path: string) =>
      doc.paths[openapiPath(path)][method.toLowerCase()];
    expect(operation("GET", "/api/matches/current")).toMatchObject({
      operationId: "matchCurrent",
      summary: "Match: current",
      security: [{ session: [] }],
    });
    expect(operation("POST", "/api/signin").security).toEqual([]);
    expect(operation("GET", "/api/admin/users").security).toContainEqual({ adminSession: [] });
    const endpoints = Object.values(allEndpointTables).flatMap((table) => Object.values(table));
    const wrong: string[] = [];
    for (const e of endpoints) {
      const declared = operation(e.method, e.path).security ?? [];
      const url = e.path.replace(/:([A-Za-z0-9_]+)/g, "1");
      const body = e.method === "GET" || e.method === "DELETE" ? undefined : {};
      const res = await t.app.inject({ method: e.method, url, payload: body });
      // Without a session: a guarded operation never answers 2xx, a public one never 401.
      if (declared.length === 0 && res.statusCode === 401)
        wrong.push(`${e.method} ${e.path} is guarded`);
      if (declared.length > 0 && res.statusCode < 300)
        wrong.push(`${e.method} ${e.path} is public`);
    }
    expect(wrong).toEqual([]);
  });

  it("declares the refusal shape { message } for every operation", () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const refusal = operation.responses?.["4XX"] ?? operation.responses?.["4xx"];
        const schema = refusal?.content?.["application/json"]?.schema;
        if (!schema) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("resolves every $ref inside the document", () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>(
          (node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, "/")],
          doc,
        );
      expect(target, ref).toBeDefined();
    }
  });
});

/** Every JSON Schema in the document, with where it sits: components, parameters, bodies, answers. */
function schemasIn(
  value: unknown,
  at: string,
  found: [string, unknown][] = [],
): [string, unknown][] {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) schemasIn(item, `${at}/${i}`, found);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "schema" || (at === "#/components/schemas" && inner)) {
        found.push([`${at}/${key}`, inner]);
      } else schemasIn(inner, `${at}/${key.replace(/\//g, "~1")}`, found);
    }
  }
  return found;
}

describe("the OpenAPI document's schemas", () => {
  it("are each valid JSON Schema 2020-12, as OpenAPI 3.1 requires", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas = schemasIn(doc, "#");
    expect(schemas.length).toBeGreaterThan(100);
    const invalid = schemas.flatMap(([at, schema]) =>
      ajv.validateSchema(schema as object) ? [] : [`${at}: ${ajv.errorsText(ajv.errors)}`],
    );
    expect(invalid).toEqual([]);
  });

  it("compile with every reference resolved", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ components: doc.components }, "openapi.json");
    const broken: string[] = [];
    for (const [at, schema] of schemasIn({ paths: doc.paths }, "#")) {
      const local = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
      );
      try {
        ajv.compile(local);
      } catch (error) {
        broken.push(`${at}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("the API documentation page", () => {
  it("serves a page that loads the document from the same origin", async () => {
    const page = await t.app.inject({ method: "GET", url: `${API_DOCS_PAGE}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const script = await t.app.inject({
      method: "GET",
      url: `${API_DOCS_PAGE}/static/swagger-initializer.js`,
    });
    expect(script.statusCode).toBe(200);
  });

  it("tells a phone to lay the page out at its own width, once, in the page's head", async () => {
    for (const url of [API_DOCS_PAGE, `${API_DOCS_PAGE}/`]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      const head = page.body.slice(0, page.body.indexOf("</head>"));
      expect(head).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(page.body.match(/name="viewport"/g)).toHaveLength(1);
    }
  });
});
