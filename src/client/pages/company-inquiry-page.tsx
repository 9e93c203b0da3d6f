import { PlaceholderPage } from "../features/placeholder-page";

/** Company inquiry form (/company-inquiry). To be built. */
export function CompanyInquiryPage() {
  return (
    <PlaceholderPage
      title="Company Inquiry"
      description="Tell us about your company and we'll be in touch."
    />
  );
}
