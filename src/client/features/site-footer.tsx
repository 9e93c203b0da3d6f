import { CONTACT_EMAIL, PRODUCT_NAME } from "../lib/brand";

/** Footer with the Help Center and Contact Us placeholders. */
export function SiteFooter() {
  return (
    <footer className="border-t border-coffee-800 bg-coffee-900 text-coffee-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <p className="font-semibold text-white">{PRODUCT_NAME}</p>
          <p className="text-sm">
            © {new Date().getFullYear()} {PRODUCT_NAME}. Monthly coffee chats for your team.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <li>
              <a
                href="/#contact"
                className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-amber-300"
              >
                Help Center
              </a>
            </li>
            <li>
              <a
                href={`mailto:${CONTACT_EMAIL}`}
                className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-amber-300"
              >
                Contact Us
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
