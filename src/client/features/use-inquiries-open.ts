import { useEffect, useState } from "react";
import { inquiriesApi } from "../lib/api/inquiries";
import { isDemoMode } from "../lib/app-mode";

/**
 * Whether this install takes company inquiries (an operator other than the company's admins):
 * false until the server says so, so no link leads to a closed form. A plain request, since the
 * landing page carries no query cache.
 */
export function useInquiriesOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    inquiriesApi
      .open(controller.signal)
      .then((answer) => setOpen(answer?.open === true))
      .catch(() => setOpen(false));
    return () => controller.abort();
  }, []);
  return open;
}

/**
 * Whether the public pages offer the product's demo walkthrough: a demo install does, and so does
 * a vendor's install (one taking company inquiries); a company's own install never does.
 */
export function useOffersDemo(): boolean {
  const inquiries = useInquiriesOpen();
  return isDemoMode() || inquiries;
}
