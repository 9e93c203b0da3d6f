import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FeatureRoutes } from "../context";
import { HttpError } from "../errors";
import { type ListQuery, listScimUsers } from "./list-scim-users";
import { createScimUser, deleteScimUser, updateScimUser } from "./save-scim-user";
import { attributesOfResource } from "./scim-attributes";
import { listOf, resourceTypes, schemas, serviceProviderConfig } from "./scim-discovery";
import { ScimError, scimErrorBody, userNotFound } from "./scim-error";
import { attributesOfPatch } from "./scim-patch";
import { type Projection, projectResource } from "./scim-projection";
import { oneOf, refuseUnrouted, searchQuery } from "./scim-routing";
import { SCIM_CONTENT_TYPE } from "./scim-schemas";
import { findScimUser, presentScimUser, type ScimUserRow } from "./scim-user-rows";

const BASE = "/scim/v2";
const hidden = {
  schema: { hide: true },
  config: { rateLimit: { max: 600, timeWindow: "1 minute" } },
};

type UserParams = { Params: { id: string } };
type Projected = { Querystring: Projection };

/**
 * SCIM 2.0 provisioning (docs/provisioning.md): registered only when SCIM_TOKEN is set, so
 * without it every /scim path is a 404. Every request carries the token as a bearer token;
 * answers and refusals are application/scim+json.
 */
const scimRoutes: FeatureRoutes = async (app, { ctx }) => {
  const token = ctx.config.SCIM_TOKEN;
  if (!token) return;
  const expected = createHash("sha256").update(token).digest();

  // Providers send DELETE with a JSON content type and no body: an empty body is no body.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    ["application/json", "application/scim+json"],
    { parseAs: "string" },
    (_request, body, done) => {
      if (body === "") return done(null, undefined);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ScimError(400, "The request body is not valid JSON.", "invalidSyntax"));
      }
    },
  );
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith(BASE)) return;
    const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim() ?? "";
    if (!timingSafeEqual(createHash("sha256").update(given).digest(), expected)) {
      throw new ScimError(401, "A valid bearer token is required.");
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendScimError(error, request, reply),
  );

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify(body));
  const present = (user: ScimUserRow, projection: Projection) =>
    projectResource(presentScimUser(user, ctx.config.appUrl), projection);
  const appUrl = ctx.config.appUrl;

  app.get(`${BASE}/ServiceProviderConfig`, hidden, async (_request, reply) =>
    send(reply, 200, serviceProviderConfig(appUrl)),
  );
  app.get(`${BASE}/ResourceTypes`, hidden, async (_request, reply) =>
    send(reply, 200, listOf(resourceTypes(appUrl))),
  );
  app.get<UserParams>(`${BASE}/ResourceTypes/:id`, hidden, async (request, reply) =>
    send(reply, 200, oneOf(resourceTypes(appUrl), request.params.id, "ResourceType")),
  );
  app.get(`${BASE}/Schemas`, hidden, async (_request, reply) =>
    send(reply, 200, listOf(schemas(appUrl))),
  );
  app.get<UserParams>(`${BASE}/Schemas/:id`, hidden, async (request, reply) =>
    send(reply, 200, oneOf(schemas(appUrl), request.params.id, "Schema")),
  );

  app.get<{ Querystring: ListQuery }>(`${BASE}/Users`, hidden, async (request, reply) =>
    send(reply, 200, await listScimUsers(ctx, request.query)),
  );
  for (const search of [`${BASE}/Users/.search`, `${BASE}/.search`]) {
    app.post(search, hidden, async (request, reply) =>
      send(reply, 200, await listScimUsers(ctx, searchQuery(request.body))),
    );
  }
  app.post<Projected>(`${BASE}/Users`, hidden, async (request, reply) => {
    const created = await createScimUser(ctx, attributesOfResource(request.body));
    reply.header("Location", `${appUrl}${BASE}/Users/${created.scimId}`);
    return send(reply, 201, present(created, request.query));
  });
  app.get<UserParams & Projected>(`${BASE}/Users/:id`, hidden, async (request, reply) => {
    const user = await findScimUser(ctx.db, request.params.id);
    if (!user) throw userNotFound(request.params.id);
    return send(reply, 200, present(user, request.query));
  });
  app.put<UserParams & Projected>(`${BASE}/Users/:id`, hidden, async (request, reply) => {
    const saved = await updateScimUser(ctx, request.params.id, attributesOfResource(request.body));
    return send(reply, 200, present(saved, request.query));
  });
  app.patch<UserParams & Projected>(`${BASE}/Users/:id`, hidden, async (request, reply) => {
    const saved = await updateScimUser(ctx, request.params.id, attributesOfPatch(request.body));
    return send(reply, 200, present(saved, request.query));
  });
  app.delete<UserParams>(`${BASE}/Users/:id`, hidden, async (request, reply) => {
    await deleteScimUser(ctx, request.params.id);
    return reply.code(204).send();
  });
  // Everything else under /scim/v2 is refused in the SCIM error form too (RFC 7644 §3.12).
  app.all(BASE, hidden, async (request) => refuseUnrouted(request));
  app.all(`${BASE}/*`, hidden, async (request) => refuseUnrouted(request));
};

/** Every refusal in the SCIM error form; a server fault is logged and answered 500 without detail. */
function sendScimError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let detail = "Something went wrong on our side.";
  let scimType: string | undefined;
  if (error instanceof ScimError) {
    ({ status, scimType } = error);
    detail = error.message;
    reply.headers(error.headers);
  } else if (error instanceof HttpError && error.statusCode < 500) {
    status = error.statusCode;
    detail = error.message;
  } else if (error.statusCode && error.statusCode < 500) {
    status = error.statusCode;
    detail = status === 400 ? "The request body is not valid JSON." : error.message;
    if (status === 400) scimType = "invalidSyntax";
  } else {
    request.log.error({ err: error }, "SCIM request failed");
  }
  if (status === 401) reply.header("WWW-Authenticate", 'Bearer realm="scim"');
  return reply
    .code(status)
    .type(SCIM_CONTENT_TYPE)
    .send(JSON.stringify(scimErrorBody(status, detail, scimType)));
}

export default scimRoutes;
