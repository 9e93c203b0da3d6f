import { inquiriesApi } from "../lib/api/inquiries";
import { isDemoMode } from "../lib/app-mode";
import { readTogether, useReadTogether } from "../lib/read-together";

/** One request for the parts of a page drawn together: the header, the page, a hint. */
const inquiriesOpen = readTogether(() =>
  inquiriesApi.open().then((answer) => answer?.open === true),
);

/**
 * Whether this install takes company inquiries (an operator other than the company's admins):
 * false until the server says so, so no link leads to a closed form. A plain request, since the
 * landing page carries no query cache.
 */
export function useInquiriesOpen(): boolean {
  return useReadTogether(inquiriesOpen, false);
}

/**
 * Whether the public pages offer the product's demo walkthrough: a demo install does, and so does
 * a vendor's install (one taking company inquiries); a company's own install never does.
 */
export function useOffersDemo(): boolean {
  const inquiries = useInquiriesOpen();
  return isDemoMode() || inquiries;
}
