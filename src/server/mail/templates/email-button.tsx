import { Button } from "@react-email/components";
import type { ReactNode } from "react";

const base = {
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  textDecoration: "none",
  display: "inline-block",
} as const;

/** `primary` for the one action an e-mail asks for; `quiet` for its other choices. */
const tones = { primary: "#4a2c17", quiet: "#8a6d55" } as const;

/**
 * The one button of every e-mail (docs/mail.md, "Templates"): a link styled inline, as e-mail
 * clients ignore style sheets. It only opens a page; the page does what it says after a press
 * there, because mail scanners open every link.
 */
export function EmailButton({
  href,
  tone = "primary",
  spaced = false,
  children,
}: {
  href: string;
  tone?: keyof typeof tones;
  /** Leaves a gap after it, for buttons stacked one per block. */
  spaced?: boolean;
  children: ReactNode;
}) {
  const style = {
    ...base,
    backgroundColor: tones[tone],
    ...(spaced ? { margin: "0 8px 8px 0" } : {}),
  };
  return (
    <Button href={href} style={style}>
      {children}
    </Button>
  );
}
