import type { AnswerOf, Endpoint } from "@shared/endpoints/endpoint";

/** An answer the sample dashboard gives: a value, or one worked out from the request's URL. */
export type SampleAnswer = unknown | ((url: URL) => unknown);

/**
 * The sample dashboard's answer to a GET of `endpoint` (from the table in src/shared/endpoints),
 * typed by the endpoint's answer: an entry of the sample map, keyed by the endpoint's path.
 */
export const answerTo = <E extends Endpoint>(
  endpoint: E,
  answer: AnswerOf<E> | ((url: URL) => AnswerOf<E>),
): [string, SampleAnswer] => [endpoint.path, answer];

/** Whether `pathname` is an address of `path`, whose `:name` parts stand for one segment each. */
export function isAddressOf(path: string, pathname: string): boolean {
  const parts = path.split("/");
  const given = pathname.split("/");
  return (
    parts.length === given.length &&
    parts.every((part, i) => (part.startsWith(":") ? given[i] !== "" : part === given[i]))
  );
}
