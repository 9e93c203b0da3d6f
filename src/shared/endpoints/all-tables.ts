import { chatEndpoints, webhooksEndpoints } from "./chat";
import { checkInEndpoints } from "./check-ins";
import { companyEndpoints } from "./company";
import { inquiryEndpoints } from "./inquiries";
import { matchEndpoints } from "./matches";
import { privacyEndpoints } from "./privacy";
import { roundMemberEndpoints } from "./round-members";

/**
 * Every table of endpoints, for the checks that the server registers each endpoint and the
 * OpenAPI document lists it (src/server/api-docs/openapi.test.ts). A new table is added here.
 */
export const allEndpointTables = {
  chatEndpoints,
  checkInEndpoints,
  companyEndpoints,
  inquiryEndpoints,
  matchEndpoints,
  privacyEndpoints,
  roundMemberEndpoints,
  webhooksEndpoints,
};
