/** RFC 7644 §3.12: a refusal as the SCIM client reads it. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?:
      | "invalidValue"
      | "invalidSyntax"
      | "invalidFilter"
      | "invalidPath"
      | "uniqueness"
      | "noTarget",
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

export function scimErrorBody(status: number, detail: string, scimType?: string) {
  return {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  };
}

export const invalidValue = (detail: string) => new ScimError(400, detail, "invalidValue");
export const userNotFound = (id: string) => new ScimError(404, `User ${id} not found.`);
