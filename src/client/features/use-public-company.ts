import type { PublicCompany } from "@shared/company";
import { useEffect, useState } from "react";
import { publicApi } from "../lib/api/public";
import { isDemoMode } from "../lib/app-mode";
import { CONTACT_EMAIL } from "../lib/brand";

/**
 * The company's name and contact address for the public pages (docs/admin-console.md, "Getting
 * started"): what the admin set, or empty until the server answers. The sample company of a
 * demo install is reached at the product's own address; a company's install never shows it.
 */
export function usePublicCompany(): PublicCompany {
  const [company, setCompany] = useState<PublicCompany>({ name: "", contactEmail: "" });
  useEffect(() => {
    if (isDemoMode()) {
      setCompany({ name: "", contactEmail: CONTACT_EMAIL });
      return;
    }
    const controller = new AbortController();
    publicApi
      .company(controller.signal)
      .then((answer) => setCompany(readCompany(answer)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return company;
}

/** The answer checked by hand: the public pages ship without zod. */
function readCompany(answer: unknown): PublicCompany {
  const value = (answer ?? {}) as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === "string" ? field : "");
  return { name: text(value.name), contactEmail: text(value.contactEmail) };
}
