import type { Endpoint } from "../../../shared/endpoints/endpoint";

type SchemaOf<E extends Endpoint> = {
  params: E["params"];
  querystring: E["query"];
  body: E["body"];
  response: E["response"];
};

/**
 * What Fastify needs to register an endpoint of the table in src/shared/endpoints: its method,
 * its URL and its schemas. A feature's routes.ts spreads it into `r.route({...})` and adds the
 * handler and its own config (docs/api.md, "The endpoint table"):
 *
 *   r.route({ ...endpointRoute(matchEndpoints.current), handler: async (request) => … });
 */
export function endpointRoute<const E extends Endpoint>(endpoint: E) {
  // Only the parts the endpoint has: Fastify warns about every key present without a schema.
  const schema = {
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: endpoint.response,
    ...(endpoint.deprecated && { deprecated: true }),
  } as SchemaOf<E>;
  return { method: endpoint.method, url: endpoint.path, schema };
}
