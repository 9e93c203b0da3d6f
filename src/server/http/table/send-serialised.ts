import type { FastifyReply } from "fastify";
import type { z } from "zod";

/** A JSON answer already checked against its response schema and serialised. */
export type SerialisedJson = string & { readonly serialisedJson: true };

/** What fastify-type-provider-zod does with a route's answer: parse with the schema, then stringify. */
export function serialiseAnswer<S extends z.ZodType>(schema: S, value: z.input<S>): SerialisedJson {
  return JSON.stringify(schema.parse(value)) as SerialisedJson;
}

/**
 * Sends JSON that was already checked against the route's response schema and serialised
 * (serialiseAnswer): Fastify sends a string with a JSON content type as it is, without running
 * the route's serialiser again.
 */
export function sendSerialised(reply: FastifyReply, body: SerialisedJson) {
  // The typed reply expects the schema's object; the string is that object, serialised.
  return reply.type("application/json; charset=utf-8").send(body as never);
}
