import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { globalRegistry } from "zod";
import { API_DOCS_PAGE, OPENAPI_DOCUMENT } from "../../shared/api";
import { SESSION_COOKIE } from "../auth/session-store";
import type { AppContext } from "../context";
import { recordsAsProperties, withoutUnusedSchemas } from "./document-fixes";
import { operationOf, securityOf } from "./operations";
import { scimBearerScheme, scimPaths } from "./scim-paths";

type ResponseSchemas = Record<string, unknown>;

/**
 * Each route's zod schemas as OpenAPI, tagged with its endpoint table so the page shows one
 * section per feature, named (operationId, summary) and guarded (security) as the table says
 * (operations.ts), with the answers that are not JSON (a file, a page, a
 * calendar entry) listed under their own media type instead of application/json.
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0];
  const operation = operationOf(method, input.url);
  Object.assign(result.schema as object, {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    security: securityOf[operation.access],
  });
  const declared = (input.schema?.response ?? {}) as ResponseSchemas;
  const responses = (result.schema as { response?: ResponseSchemas } | undefined)?.response;
  if (!responses) return result;
  for (const [status, schema] of Object.entries(declared)) {
    const meta = globalRegistry.get(schema as never) as { mediaType?: string } | undefined;
    if (!meta?.mediaType) continue;
    const { mediaType: _, description, ...rest } = responses[status] as Record<string, unknown>;
    responses[status] = {
      description: description ?? "",
      content: { [meta.mediaType]: { schema: { type: "string", format: "binary", ...rest } } },
    };
  }
  return result;
};

/**
 * The named schemas (`.meta({ id })`) as components. The type provider gives each an `$id` of
 * "#/components/schemas/Name", which JSON Schema 2020-12 refuses (an `$id` has no fragment); the
 * components are found by their place in the document, so the `$id` is left out.
 */
const transformObject: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, Record<string, unknown>> };
  };
  for (const schema of Object.values(document.components?.schemas ?? {})) delete schema.$id;
  recordsAsProperties(document);
  withoutUnusedSchemas(document);
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};

type OpenApiDocument = {
  info: object;
  paths: object;
  components: { securitySchemes: object };
};

/** SCIM's operations and its scheme, only while SCIM_TOKEN turns provisioning on. */
function withScim(document: OpenApiDocument, on: boolean): OpenApiDocument {
  if (!on) return document;
  const { components } = document;
  return {
    ...document,
    paths: { ...document.paths, ...scimPaths },
    components: {
      ...components,
      securitySchemes: { ...components.securitySchemes, scimBearer: scimBearerScheme },
    },
  };
}

const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

const isHtml = (type: unknown) => typeof type === "string" && type.startsWith("text/html");

/**
 * The documentation page with a viewport tag, so a phone lays it out at its own width instead of
 * 980 px. Swagger UI's page has none, and the plugin's options (title, scripts, styles, icons)
 * reach no other part of its head: the page is mended as it is sent.
 */
function withViewport(html: string): string {
  if (/<meta\s+name="viewport"/i.test(html)) return html;
  return html.replace(/<head>/i, (head) => `${head}\n${VIEWPORT}`);
}

/** No licence is granted to the API's users; the operator's terms apply. */
const API_LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

/**
 * The API's contract as an OpenAPI 3.1 document built from every route's zod schemas, at
 * /api/openapi.json, and a page to read it at /api/docs (docs/api.md). Registered before the
 * routes so it sees each one.
 */
export async function registerApiDocs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cup of Joe API",
        version: "1",
        description:
          "The JSON API behind the Cup of Joe pages. Refusals answer 4xx with `{ message }`; see docs/api.md.",
        license: API_LICENSE,
      },
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "A signed-in person's session (sign in by code, link or single sign-on).",
          },
          adminSession: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "An admin's session, signed in with the admin password at /api/signin.",
          },
          apiToken: {
            type: "http",
            scheme: "bearer",
            description:
              "An API token an admin created on the console (Operations → API tokens): a `read` token may only GET, an `admin` token acts as its creator. Admin routes only; rate limited per token.",
          },
        },
      },
    },
    transform,
    transformObject,
  });
  await app.register(async (page) => {
    page.addHook("onSend", async (_request, reply, payload) =>
      isHtml(reply.getHeader("content-type")) && typeof payload === "string"
        ? withViewport(payload)
        : payload,
    );
    await page.register(swaggerUi, {
      routePrefix: API_DOCS_PAGE,
      // Sections start closed: the page opens at once and a reader opens the feature they need.
      // (Swagger UI stops drawing operations past about 150 open at once.)
      uiConfig: { deepLinking: true, docExpansion: "none" },
      theme: { title: "Cup of Joe API" },
    });
  });
  // This install's address is read per request: without APP_URL it is known only once it listens.
  app.get(OPENAPI_DOCUMENT, { schema: { hide: true } }, (_request, reply) => {
    const appUrl = ctx.config.appUrl;
    const document = app.swagger() as OpenApiDocument;
    return reply.header("Cache-Control", "no-cache").send({
      ...withScim(document, Boolean(ctx.config.SCIM_TOKEN)),
      info: { ...document.info, contact: { name: "Cup of Joe help", url: `${appUrl}/help` } },
      servers: [{ url: appUrl, description: "This Cup of Joe" }],
    });
  });
}
