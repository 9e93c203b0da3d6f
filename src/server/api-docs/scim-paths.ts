/**
 * SCIM 2.0 provisioning (docs/provisioning.md) in the OpenAPI document, when SCIM_TOKEN turns it
 * on: each operation under the `scimBearer` scheme. The resources' shapes are RFC 7643's, which
 * `/scim/v2/Schemas` serves, so bodies are described as SCIM objects and not repeated here.
 */
const SCIM = "application/scim+json";
const scimObject = (description: string) => ({
  description,
  content: { [SCIM]: { schema: { type: "object", additionalProperties: true } } },
});
const refusal = {
  description:
    "A SCIM error (RFC 7644 §3.12): `schemas`, `status` as a string, `detail` and, where the RFC defines one, `scimType`.",
  content: {
    [SCIM]: {
      schema: {
        type: "object",
        required: ["schemas", "status"],
        properties: {
          schemas: { type: "array", items: { type: "string" } },
          status: { type: "string" },
          scimType: { type: "string" },
          detail: { type: "string" },
        },
      },
    },
  },
};
const idParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The resource's id.",
  schema: { type: "string" },
};
const projection = ["attributes", "excludedAttributes"].map((name) => ({
  name,
  in: "query",
  required: false,
  description: "Attribute names, comma-separated (RFC 7644 §3.9).",
  schema: { type: "string" },
}));
const listParameters = [
  ...["filter", "startIndex", "count"].map((name) => ({
    name,
    in: "query",
    required: false,
    description: `RFC 7644 §3.4.2 \`${name}\`.`,
    schema: { type: "string" },
  })),
  ...projection,
];

function operation(
  operationId: string,
  summary: string,
  answer: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    operationId,
    summary,
    tags: ["SCIM"],
    security: [{ scimBearer: [] }],
    ...extra,
    responses: { ...answer, "4XX": refusal },
  };
}
const body = (description: string) => ({
  requestBody: { required: true, ...scimObject(description) },
});
const search = (operationId: string, summary: string) =>
  operation(
    operationId,
    summary,
    { 200: scimObject("A ListResponse of Users.") },
    body("A SearchRequest."),
  );

export const scimPaths = {
  "/scim/v2/ServiceProviderConfig": {
    get: operation("scimServiceProviderConfig", "SCIM: what this service provider supports", {
      200: scimObject("The ServiceProviderConfig (RFC 7643 §5)."),
    }),
  },
  "/scim/v2/ResourceTypes": {
    get: operation("scimResourceTypes", "SCIM: resource types", {
      200: scimObject("A ListResponse."),
    }),
  },
  "/scim/v2/ResourceTypes/{id}": {
    get: operation(
      "scimResourceType",
      "SCIM: one resource type",
      { 200: scimObject("A ResourceType.") },
      {
        parameters: [idParameter],
      },
    ),
  },
  "/scim/v2/Schemas": {
    get: operation("scimSchemas", "SCIM: schemas", { 200: scimObject("A ListResponse.") }),
  },
  "/scim/v2/Schemas/{id}": {
    get: operation(
      "scimSchema",
      "SCIM: one schema",
      { 200: scimObject("A Schema.") },
      {
        parameters: [idParameter],
      },
    ),
  },
  "/scim/v2/Users": {
    get: operation(
      "scimListUsers",
      "SCIM: list or filter users",
      { 200: scimObject("A ListResponse.") },
      {
        parameters: listParameters,
      },
    ),
    post: operation(
      "scimCreateUser",
      "SCIM: create a user",
      { 201: scimObject("The User.") },
      {
        parameters: projection,
        ...body("A User."),
      },
    ),
  },
  "/scim/v2/Users/.search": { post: search("scimSearchUsers", "SCIM: search users by POST") },
  "/scim/v2/.search": { post: search("scimSearch", "SCIM: search every resource type by POST") },
  "/scim/v2/Users/{id}": {
    get: operation(
      "scimGetUser",
      "SCIM: one user",
      { 200: scimObject("The User.") },
      {
        parameters: [idParameter, ...projection],
      },
    ),
    put: operation(
      "scimReplaceUser",
      "SCIM: replace a user",
      { 200: scimObject("The User.") },
      {
        parameters: [idParameter, ...projection],
        ...body("A User."),
      },
    ),
    patch: operation(
      "scimPatchUser",
      "SCIM: change a user (PatchOp)",
      { 200: scimObject("The User.") },
      {
        parameters: [idParameter, ...projection],
        ...body("A PatchOp."),
      },
    ),
    delete: operation(
      "scimDeleteUser",
      "SCIM: delete a user",
      { 204: { description: "Deleted." } },
      {
        parameters: [idParameter],
      },
    ),
  },
};

export const scimBearerScheme = {
  type: "http",
  scheme: "bearer",
  description: "The install's SCIM_TOKEN (docs/provisioning.md).",
};
