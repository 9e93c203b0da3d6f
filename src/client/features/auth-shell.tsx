import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title";
import { LogoHeader, PageFrame } from "./page-frame";

/** The public frame of the sign-in screens: logo header and a centred column. */
export function AuthShell({
  title,
  children,
  wide,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <PageFrame
      header={<LogoHeader />}
      className="bg-coffee-50"
      mainClassName={`mx-auto w-full flex-1 px-4 py-10 sm:px-6 ${wide ? "max-w-5xl" : "max-w-md"}`}
    >
      {children}
    </PageFrame>
  );
}
