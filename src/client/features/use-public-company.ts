import type { PublicCompany } from "@shared/company";
import { publicApi } from "../lib/api/public";
import { isDemoMode } from "../lib/app-mode";
import { CONTACT_EMAIL } from "../lib/brand";
import { readTogether, useReadTogether } from "../lib/read-together";

const UNKNOWN: PublicCompany = { name: "", contactEmail: "" };
const SAMPLE_COMPANY: PublicCompany = { name: "", contactEmail: CONTACT_EMAIL };

/** One request for the parts of a page drawn together (header, body, footer). */
const company = readTogether(() => publicApi.company().then(readCompany));

/**
 * The company's name and contact address for the public pages (docs/admin-console.md, "Getting
 * started"): what the admin set, or empty until the server answers. The sample company of a
 * demo install is reached at the product's own address; a company's install never shows it.
 */
export function usePublicCompany(): PublicCompany {
  const demo = isDemoMode();
  const answer = useReadTogether(company, UNKNOWN, !demo);
  return demo ? SAMPLE_COMPANY : answer;
}

/** The answer checked by hand: the public pages ship without zod. */
function readCompany(answer: unknown): PublicCompany {
  const value = (answer ?? {}) as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === "string" ? field : "");
  return { name: text(value.name), contactEmail: text(value.contactEmail) };
}
