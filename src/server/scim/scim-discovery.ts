import { MAX_PAGE } from "./list-scim-users";
import { ENTERPRISE_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from "./scim-schemas";

/**
 * RFC 7643 §5: what this service provider supports, as the server behaves: PATCH and filters
 * yes; bulk, sorting, ETags and password changes no. Only the User resource type is served
 * (`/Groups` answers 404), as /ResourceTypes says.
 */
export function serviceProviderConfig(appUrl: string) {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    // What each attribute's PATCH remove means (name, active, timezone) is said there and in /Schemas.
    documentationUri: `${appUrl}/help/provisioning`,
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
  description: "A person who takes part in coffee chats.",
  endpoint: "/Users",
  schema: USER_SCHEMA,
  schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
  meta: { resourceType: "ResourceType", location: `${appUrl}/scim/v2/ResourceTypes/User` },
});

const attribute = (name: string, description: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

const userAttributes = [
  attribute(
    "id",
    "Cup of Joe's id for this resource; a deleted resource's id is never used again.",
    {
      caseExact: true,
      mutability: "readOnly",
      returned: "always",
      uniqueness: "server",
    },
  ),
  attribute("userName", "The provider's unique name for the person, compared ignoring case.", {
    required: true,
    uniqueness: "server",
  }),
  attribute("externalId", "The provider's own id for the person.", { caseExact: true }),
  attribute("name", "The person's name; remove clears every part of it.", {
    type: "complex",
    subAttributes: [
      attribute("givenName", "First name, shown in Cup of Joe."),
      attribute("familyName", "Last name, shown in Cup of Joe."),
      attribute("formatted", "Kept as sent; when never sent, the first and last name."),
    ],
  }),
  attribute("displayName", "Kept as sent; when never sent, the first and last name."),
  attribute(
    "emails",
    "Required: the sign-in address is the primary one, else the work one, else the first; only that one is kept. A userName that is itself an address stands in when emails is absent.",
    {
      type: "complex",
      multiValued: true,
      required: true,
      subAttributes: [
        attribute("value", "The address.", { required: true }),
        attribute("type", "Kept as sent, e.g. work.", {
          canonicalValues: ["work", "home", "other"],
        }),
        attribute("primary", "Always true: one address is kept.", { type: "boolean" }),
      ],
    },
  ),
  attribute(
    "addresses",
    "The work address's locality (else the first address's) is the person's office for meeting in person, spelled as their office list spells it; a locality not on a kept list changes nothing. Only that one is kept and returned.",
    {
      type: "complex",
      multiValued: true,
      subAttributes: [
        attribute("locality", "The office, e.g. Berlin."),
        attribute("type", "work when returned.", { canonicalValues: ["work", "home", "other"] }),
        attribute("primary", "Always true when returned: one address is kept.", {
          type: "boolean",
        }),
      ],
    },
  ),
  attribute(
    "timezone",
    "An IANA time zone such as Europe/Berlin (any other value answers 400 invalidValue); taken until the person confirms their own, and returned as the person's zone now. remove drops a zone the provider gave, not one the person chose.",
  ),
  attribute(
    "active",
    "false deactivates the person as the admin's deactivation does. Unassigned means true: a PATCH remove of active, like a PUT without it, makes the person active.",
    {
      type: "boolean",
    },
  ),
];

export function schemas(appUrl: string) {
  const schema = (id: string, name: string, description: string, attributes: unknown[]) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: "Schema", location: `${appUrl}/scim/v2/Schemas/${id}` },
  });
  return [
    schema(USER_SCHEMA, "User", "A person who takes part in coffee chats.", userAttributes),
    schema(ENTERPRISE_SCHEMA, "EnterpriseUser", "The person's department and manager.", [
      attribute(
        "department",
        "Matched by name (any case) in the person's department list, added when new.",
      ),
      attribute(
        "manager",
        "The person's manager, never matched with them for a coffee chat (nor with their other reports). value is the manager's id here, or their externalId or userName; a manager not provisioned yet is kept and set when they are.",
        {
          type: "complex",
          subAttributes: [
            attribute(
              "value",
              "The manager's id (or externalId or userName when not yet provisioned).",
              {
                caseExact: true,
              },
            ),
            attribute("$ref", "The manager's User resource.", {
              type: "reference",
              referenceTypes: ["User"],
              caseExact: true,
              mutability: "readOnly",
            }),
            attribute("displayName", "The manager's name.", { mutability: "readOnly" }),
          ],
        },
      ),
    ]),
  ];
}

export function resourceTypes(appUrl: string) {
  return [userResourceType(appUrl)];
}

/** RFC 7644 §4: the discovery lists are ListResponses. */
export function listOf<T>(resources: T[]) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
