import type { CSSProperties, ReactNode } from "react";

/** Inline styles of the newsletter (e-mail clients ignore style sheets). */
export const colors = { brown: "#4a2c17", cream: "#faf7f2", muted: "#6b5b4e", accent: "#c8a27a" };
export const font = "Helvetica, Arial, sans-serif";

export const s = {
  body: { backgroundColor: colors.cream, fontFamily: font, margin: 0, padding: 0 },
  container: { backgroundColor: "#ffffff", margin: "0 auto", width: "100%", maxWidth: "600px" },
  band: { backgroundColor: colors.brown, padding: "24px 32px" },
  bandTitle: { color: "#ffffff", fontSize: "26px", margin: 0, fontFamily: font },
  bandSub: { color: colors.accent, fontSize: "14px", margin: "4px 0 0" },
  section: { padding: "8px 32px" },
  h2: { color: colors.brown, fontSize: "19px", margin: "20px 0 8px", fontFamily: font },
  text: { color: "#2b2118", fontSize: "15px", lineHeight: "22px", margin: "0 0 10px" },
  small: { color: colors.muted, fontSize: "13px", lineHeight: "19px", margin: "0 0 6px" },
  quote: {
    borderLeft: `4px solid ${colors.accent}`,
    padding: "4px 0 4px 14px",
    color: "#2b2118",
    fontSize: "17px",
    fontStyle: "italic",
    margin: "0 0 6px",
  },
  card: { backgroundColor: colors.cream, borderRadius: "8px", padding: "16px", margin: "0 0 12px" },
  photo: { borderRadius: "40px", display: "block" },
  initials: {
    width: "80px",
    height: "80px",
    borderRadius: "40px",
    backgroundColor: colors.accent,
    color: "#ffffff",
    fontSize: "28px",
    lineHeight: "80px",
    textAlign: "center" as const,
    margin: 0,
  },
  name: { color: colors.brown, fontSize: "17px", fontWeight: "bold", margin: "0 0 2px" },
  footer: { color: colors.muted, fontSize: "12px", lineHeight: "18px", margin: "0 0 6px" },
  image: {
    width: "100%",
    maxWidth: "536px",
    height: "auto",
    display: "block",
    borderRadius: "6px",
  },
} as const;

export const LETTERS = ["A", "B", "C", "D"];

/** A paragraph with only our inline style (React Email's Text repeats every margin longhand). */
export function P({
  style,
  children,
  skipInText,
}: {
  style: CSSProperties;
  children: ReactNode;
  /** Left out of the plain-text part (an avatar's initials mean nothing there). */
  skipInText?: boolean;
}) {
  return (
    <p style={style} data-skip-in-text={skipInText ? "true" : undefined}>
      {children}
    </p>
  );
}
