import { adminAccountEndpoints } from "./admin-accounts";
import { adminUserEndpoints } from "./admin-users";
import { apiTokenEndpoints } from "./api-tokens";
import { authEndpoints } from "./auth";
import { channelEndpoints, webhooksEndpoints } from "./channels";
import { checkInEndpoints } from "./check-ins";
import { companyEndpoints } from "./company";
import { departmentByIdEndpoints, departmentEndpoints } from "./departments";
import { employeeEndpoints } from "./employees";
import { healthEndpoints } from "./health";
import { helpEndpoints } from "./help";
import { imageEndpoints } from "./images";
import { inquiryEndpoints } from "./inquiries";
import { invitationEndpoints } from "./invitations";
import { matchEndpoints } from "./matches";
import { metricEndpoints } from "./metrics";
import { emailLogEndpoints, newsletterEndpoints, unsubscribeEndpoints } from "./newsletters";
import { interestEndpoints, officeEndpoints } from "./offices-and-interests";
import { pairingEndpoints } from "./pairings";
import { privacyEndpoints } from "./privacy";
import { profileEndpoints } from "./profile";
import { roundMemberEndpoints } from "./round-members";
import { roundEndpoints } from "./rounds";
import { schedulingEndpoints } from "./scheduling";
import { teamsEndpoints } from "./teams";
import { impactEndpoints, whitelistEndpoints } from "./whitelist";

/**
 * Every table of endpoints, for the checks that the server registers each endpoint and the
 * OpenAPI document lists it (src/server/api-docs/openapi.test.ts). A new table is added here.
 */
export const allEndpointTables = {
  adminAccountEndpoints,
  adminUserEndpoints,
  apiTokenEndpoints,
  authEndpoints,
  channelEndpoints,
  checkInEndpoints,
  companyEndpoints,
  departmentByIdEndpoints,
  departmentEndpoints,
  emailLogEndpoints,
  employeeEndpoints,
  healthEndpoints,
  helpEndpoints,
  imageEndpoints,
  impactEndpoints,
  inquiryEndpoints,
  interestEndpoints,
  invitationEndpoints,
  matchEndpoints,
  metricEndpoints,
  newsletterEndpoints,
  officeEndpoints,
  pairingEndpoints,
  privacyEndpoints,
  profileEndpoints,
  roundEndpoints,
  roundMemberEndpoints,
  schedulingEndpoints,
  teamsEndpoints,
  unsubscribeEndpoints,
  whitelistEndpoints,
  webhooksEndpoints,
};
