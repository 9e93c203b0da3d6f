import { Fragment } from "react";

/** The pieces an address may wrap between: before its "@" and after each dot. */
export function addressPieces(email: string): string[] {
  const at = email.lastIndexOf("@");
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return parts.flatMap((part) => part.split(/(?<=\.)/)).filter((piece) => piece !== "");
}

/**
 * An e-mail address in running text that wraps only before its "@" or after a dot, never at a
 * hyphen or inside a name: each piece but the last is an inline block as wide as its text, so it
 * moves to the next line whole, and breaks inside (overflow-wrap: anywhere) only when it alone is
 * wider than the line. The last piece (the top-level domain) stays inline text, so the punctuation
 * after the address stays on its line.
 */
export function EmailAddress({ email }: { email: string }) {
  const pieces = addressPieces(email);
  return (
    <span className="[overflow-wrap:anywhere]">
      {pieces.map((piece, i) =>
        i === pieces.length - 1 ? (
          <Fragment key={i}>{piece}</Fragment>
        ) : (
          <Fragment key={i}>
            <span className="inline-block max-w-full">{piece}</span>
            <wbr />
          </Fragment>
        ),
      )}
    </span>
  );
}
