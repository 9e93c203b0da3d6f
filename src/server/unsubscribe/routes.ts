import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { unsubscribeEndpoints as endpoints } from "../../shared/endpoints/newsletters";
import type { FeatureRoutes } from "../context";
import { UnsupportedMediaType } from "../errors";
import { endpointRoute } from "../http/endpoint-route";
import { acceptMultipart } from "../http/multipart-bodies";
import { applyUnsubscribe, oneClickUnsubscribe, unsubscribeStatus } from "./unsubscribe";

/** The links carry a secret, so guessing is throttled per address. */
const tokenLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * The newsletter's unsubscribe link (docs/newsletters.md, "Unsubscribe"): `/unsubscribe?token=…`
 * opened in a browser is the confirmation page (a client route); the mail provider's RFC 8058
 * one-click POST to the same URL, with no cookie and no Origin, opts the person out.
 */
const unsubscribeRoutes: FeatureRoutes = async (app, { ctx }) => {
  await app.register(oneClickRoute, { ctx });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.status),
    config: tokenLimit,
    handler: async (request) => unsubscribeStatus(ctx, request.query.token),
  });

  r.route({
    ...endpointRoute(endpoints.change),
    config: tokenLimit,
    handler: async (request) => applyUnsubscribe(ctx, request.body),
  });
};

/** Its own plugin, so the form-body parsers apply to this one route only. */
const oneClickRoute: FeatureRoutes = async (app, { ctx }) => {
  await acceptMultipart(app);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    "/unsubscribe",
    {
      schema: { querystring: endpoints.status.query, response: endpoints.status.response },
      config: tokenLimit,
    },
    async (request) =>
      oneClickUnsubscribe(ctx, request.query.token, await listUnsubscribeField(request)),
  );
};

/** The `List-Unsubscribe` field of a urlencoded or multipart form body (RFC 8058 defines no other). */
async function listUnsubscribeField(request: FastifyRequest): Promise<unknown> {
  const type = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && !request.isMultipart()) {
    throw new UnsupportedMediaType(
      "Send List-Unsubscribe=One-Click as a form body (application/x-www-form-urlencoded or multipart/form-data).",
    );
  }
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === "field" && part.fieldname === "List-Unsubscribe") return part.value;
    }
    return undefined;
  }
  const body = request.body as Record<string, unknown> | undefined;
  return body?.["List-Unsubscribe"];
}

export default unsubscribeRoutes;
