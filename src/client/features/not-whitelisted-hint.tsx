import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { useInquiriesOpen } from "./use-inquiries-open";

/** Shown when an address is not on the whitelist: the company may not use Cup of Joe yet. */
export function NotWhitelistedHint() {
  const inquiries = useInquiriesOpen();
  if (!inquiries) {
    return (
      <div className="flex gap-3 rounded-lg border border-coffee-200 bg-coffee-50 p-3 text-sm text-coffee-800">
        <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          Check that you typed your work address. If it is right, ask your company's Cup of Joe
          admin to add it.
        </p>
      </div>
    );
  }
  return (
    <div className="flex gap-3 rounded-lg border border-coffee-200 bg-coffee-50 p-3 text-sm text-coffee-800">
      <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        Is your company not on Cup of Joe yet?{" "}
        <Link
          to="/company-inquiry"
          className="font-medium text-coffee-900 underline underline-offset-4"
        >
          Send us a company inquiry
        </Link>{" "}
        and we'll get in touch.
      </p>
    </div>
  );
}
