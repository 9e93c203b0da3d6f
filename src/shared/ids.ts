import { z } from "zod";
import { MAX_ID } from "./id-range";

export { MAX_ID };

const ID_MESSAGE = `Expected an id (a whole number from 1 to ${MAX_ID})`;

/**
 * A row id: a positive whole number within PostgreSQL `integer`, coerced from a path or query
 * string ("42"). Anything else is answered 400 with a message naming the field, before the
 * database is asked.
 */
export const idSchema = z.coerce
  .number({ error: ID_MESSAGE })
  .int({ error: ID_MESSAGE })
  .positive({ error: ID_MESSAGE })
  .max(MAX_ID, { error: ID_MESSAGE });

/** Params of a route whose path ends in `/:id`. */
export const idParamsSchema = z.object({ id: idSchema });
