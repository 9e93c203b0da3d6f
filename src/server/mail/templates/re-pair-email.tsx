import { Button, Link, Text } from "@react-email/components";
import { EmailLayout } from "./email-layout";

export type RePairEmailProps = {
  /** The recipient's first name or address, as the greeting shows it. */
  greeting: string;
  /** What changed, one sentence, e.g. "Ada Lovelace is your new coffee chat partner for March 2027." */
  news: string;
  /** The partners now in the recipient's group: "Ada Lovelace (ada@acme.example)". */
  partners: string[];
  matchesUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const buttonStyle = {
  backgroundColor: "#4a2c17",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  textDecoration: "none",
  display: "inline-block",
} as const;
const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/** A change of partner in a running month. Every name is user text, rendered (escaped) by React. */
export function RePairEmail(props: RePairEmailProps) {
  return (
    <EmailLayout preview={props.news} title="Your coffee chat match has changed">
      <Text>Hi {props.greeting},</Text>
      <Text>{props.news}</Text>
      <Text>
        Your group now:{" "}
        {props.partners.map((partner, i) => (
          <span key={partner}>
            {i > 0 ? ", " : ""}
            {partner}
          </span>
        ))}
      </Text>
      <Button href={props.matchesUrl} style={buttonStyle}>
        See your match
      </Button>
      <Text style={small}>
        You receive this because you take part in Cup of Joe; you can pause or opt out any time on
        your <Link href={props.profileUrl}>profile</Link> or{" "}
        <Link href={props.unsubscribeUrl}>unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
