import { Link, Text } from "@react-email/components";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

export type MatchChangedEmailProps = {
  greeting: string;
  title: string;
  /** What changed and what it means for the reader, a sentence each: plain text, escaped by React. */
  lines: string[];
  /** A page with one button to press (never an action on the link itself: mail scanners open links). */
  action?: { url: string; label: string };
  profileUrl: string;
  unsubscribeUrl: string;
};

const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/** A running month's match changed for the reader without a new partner (docs/matches.md, "When a match changes"). */
export function MatchChangedEmail(props: MatchChangedEmailProps) {
  return (
    <EmailLayout preview={props.title} title={props.title}>
      <Text>Hi {props.greeting},</Text>
      {props.lines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {props.action ? (
        <EmailButton href={props.action.url}>{props.action.label}</EmailButton>
      ) : null}
      <Text style={small}>
        Your match is always on your{" "}
        <Link href={`${props.profileUrl.replace(/\/profile$/, "")}/matches`}>Matches page</Link>.
        You can pause or opt out on your <Link href={props.profileUrl}>profile</Link> or{" "}
        <Link href={props.unsubscribeUrl}>unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
