const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is written as a UUID, the type of every account id: an id from a path, a cursor,
 * a token or a stored line is checked before a statement reads it as one.
 */
export const isUuid = (value: string) => UUID.test(value);
