import { companyEndpoints } from "@shared/endpoints/company";
import { metricEndpoints } from "@shared/endpoints/metrics";
import { getJson } from "./request";

/**
 * What the landing page may ask without anyone signed in. Its answers are read as `unknown`:
 * the landing page checks them by hand, since it ships without zod.
 */
export const publicApi = {
  figures: (signal?: AbortSignal) => getJson<unknown>(metricEndpoints.publicFigures.path, signal),
  company: (signal?: AbortSignal) => getJson<unknown>(companyEndpoints.publicCompany.path, signal),
};
