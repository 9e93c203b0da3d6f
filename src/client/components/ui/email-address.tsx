import { Fragment } from "react";

/**
 * The pieces an address may wrap between: before its "@" and before each dot, so a dot starts a
 * line and none ends one ("anna-lena.van." at a line's end reads as the end of a sentence).
 */
export function addressPieces(email: string): string[] {
  const at = email.lastIndexOf("@");
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return parts.flatMap((part) => part.split(/(?=\.)/)).filter((piece) => piece !== "");
}

/**
 * A piece as text and the runs around its hyphens ("y-w" of "montgomery-williamson"), which keep
 * together: a line may otherwise end at any hyphen. Runs are at the odd places.
 */
export function hyphenRuns(piece: string): string[] {
  return piece.split(/([^-]?-+[^-]?)/);
}

/**
 * An e-mail address in running text that wraps only before its "@" or before a dot (a <wbr>
 * there), never at a hyphen or inside a name: the address is plain text, the characters around
 * each hyphen do not wrap, and `overflow-wrap: anywhere` breaks inside a piece only when it alone
 * is wider than the line (and lets a table column be narrower than the address). Plain text, not
 * a box per piece, so a screen reader, a search and a copy read the address as one word, and
 * punctuation around it ("(", ".") stays on its line.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span className="[overflow-wrap:anywhere]">
      {addressPieces(email).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {hyphenRuns(piece).map((text, j) =>
            j % 2 === 1 ? (
              <span key={j} className="whitespace-nowrap">
                {text}
              </span>
            ) : (
              text
            ),
          )}
        </Fragment>
      ))}
    </span>
  );
}
