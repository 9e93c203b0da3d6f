import type { PublicCompany } from "@shared/company";
import { HELP_INDEX_PATH } from "@shared/help-pages";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../lib/brand";
import { usePublicCompany } from "./use-public-company";

/**
 * Footer: the product and, on a company's install, the company's name; the help pages; and the
 * contact address its admin set (no contact link while none is set; a demo install shows the
 * product's own address).
 * `sample`: the product's demo walkthrough, which asks the server nothing and names no company.
 */
export function SiteFooter({ sample = false }: { sample?: boolean }) {
  return sample ? <FooterBody name="" contactEmail="" /> : <CompanyFooter />;
}

function CompanyFooter() {
  return <FooterBody {...usePublicCompany()} />;
}

const footerLink = "rounded-sm underline-offset-4 hover:underline focus-visible:outline-amber-300";

function FooterBody({ name, contactEmail }: PublicCompany) {
  return (
    <footer className="border-t border-coffee-800 bg-coffee-900 text-coffee-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <p className="font-semibold text-white">
            {name ? `${PRODUCT_NAME} at ${name}` : PRODUCT_NAME}
          </p>
          <p className="text-sm">Monthly coffee chats for your team.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <Link to={HELP_INDEX_PATH} className={footerLink}>
                Help
              </Link>
            </li>
            {contactEmail ? (
              <li>
                <a href={`mailto:${contactEmail}`} className={footerLink}>
                  Contact {name || "us"}: {contactEmail}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
