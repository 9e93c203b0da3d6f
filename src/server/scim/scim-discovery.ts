import { MAX_PAGE } from "./list-scim-users";
import { ENTERPRISE_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from "./scim-schemas";

/** RFC 7643 §5: what this service provider supports. */
export function serviceProviderConfig(appUrl: string) {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "The SCIM_TOKEN of this Cup of Joe, sent as Authorization: Bearer <token>.",
        primary: true,
      },
    ],
    meta: {
      resourceType: "ServiceProviderConfig",
      location: `${appUrl}/scim/v2/ServiceProviderConfig`,
    },
  };
}

const userResourceType = (appUrl: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
  id: "User",
  name: "User",
  endpoint: "/Users",
  schema: USER_SCHEMA,
  schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
  meta: { resourceType: "ResourceType", location: `${appUrl}/scim/v2/ResourceTypes/User` },
});

export function resourceTypes(appUrl: string) {
  return list([userResourceType(appUrl)]);
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

export function schemas(appUrl: string) {
  const user = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: USER_SCHEMA,
    name: "User",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server" }),
      attribute("externalId", { caseExact: true }),
      attribute("name", {
        type: "complex",
        subAttributes: [attribute("givenName"), attribute("familyName"), attribute("formatted")],
      }),
      attribute("displayName", { mutability: "readOnly" }),
      attribute("emails", {
        type: "complex",
        multiValued: true,
        subAttributes: [
          attribute("value"),
          attribute("type"),
          attribute("primary", { type: "boolean" }),
        ],
      }),
      attribute("active", { type: "boolean" }),
    ],
    meta: { resourceType: "Schema", location: `${appUrl}/scim/v2/Schemas/${USER_SCHEMA}` },
  };
  const enterprise = {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id: ENTERPRISE_SCHEMA,
    name: "EnterpriseUser",
    attributes: [attribute("department")],
    meta: { resourceType: "Schema", location: `${appUrl}/scim/v2/Schemas/${ENTERPRISE_SCHEMA}` },
  };
  return list([user, enterprise]);
}

function list<T>(resources: T[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
