import { Coffee } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { LogoHeader, PageFrame } from "../features/page-frame";
import { useDocumentTitle } from "../lib/use-document-title";

/** Any path not in the route table. */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <PageFrame
      header={<LogoHeader />}
      mainClassName="flex flex-1 items-center justify-center px-4 py-16"
    >
      <div className="max-w-md text-center">
        <Coffee aria-hidden="true" className="mx-auto size-12 text-coffee-700" />
        <p className="mt-4 text-sm font-semibold tracking-wide text-coffee-700 uppercase">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-coffee-950">Page not found</h1>
        <p className="mt-3 text-coffee-700">
          This cup is empty. The page you're looking for doesn't exist or has moved.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-6" })}>
          Go back home
        </Link>
      </div>
    </PageFrame>
  );
}
