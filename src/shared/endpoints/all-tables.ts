import { adminUserEndpoints } from "./admin-users";
import { checkInEndpoints } from "./check-ins";
import { companyEndpoints } from "./company";
import { departmentEndpoints } from "./departments";
import { employeeEndpoints } from "./employees";
import { imageEndpoints } from "./images";
import { inquiryEndpoints } from "./inquiries";
import { matchEndpoints } from "./matches";
import { metricEndpoints } from "./metrics";
import { pairingEndpoints } from "./pairings";
import { privacyEndpoints } from "./privacy";
import { roundMemberEndpoints } from "./round-members";
import { roundEndpoints } from "./rounds";
import { impactEndpoints, whitelistEndpoints } from "./whitelist";

/**
 * Every table of endpoints, for the checks that the server registers each endpoint and the
 * OpenAPI document lists it (src/server/api-docs/openapi.test.ts). A new table is added here.
 */
export const allEndpointTables = {
  adminUserEndpoints,
  checkInEndpoints,
  companyEndpoints,
  departmentEndpoints,
  employeeEndpoints,
  imageEndpoints,
  impactEndpoints,
  inquiryEndpoints,
  matchEndpoints,
  metricEndpoints,
  pairingEndpoints,
  privacyEndpoints,
  roundEndpoints,
  roundMemberEndpoints,
  whitelistEndpoints,
};
