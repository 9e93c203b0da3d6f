import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "../lib/use-document-title";
import { LogoHeader, PageFrame } from "./page-frame";

/** Heading and intro for a screen still to be built. */
export function PlaceholderContent({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight text-coffee-950">{title}</h1>
      {description && <p className="max-w-prose text-coffee-700">{description}</p>}
      {children}
    </div>
  );
}

/** A stand-alone public screen (header with logo, main, link home) still to be built. */
export function PlaceholderPage(props: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <PageFrame
      header={<LogoHeader />}
      mainClassName="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6"
    >
      <PlaceholderContent {...props}>
        {props.children ?? (
          <p>
            <Link to="/" className="font-medium text-coffee-800 underline underline-offset-4">
              Back to home
            </Link>
          </p>
        )}
      </PlaceholderContent>
    </PageFrame>
  );
}
