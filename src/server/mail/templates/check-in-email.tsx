import { Link, Text } from "@react-email/components";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

export type CheckInEmailProps = {
  /** The recipient's first name or address, as the greeting shows it. */
  greeting: string;
  /** "Ada Lovelace" or "Ada Lovelace and Ben Byron". */
  partners: string;
  /** "March 2027". */
  month: string;
  /** True for the one reminder. */
  reminder: boolean;
  /** The check-in page, one link per choice (the page opens with that choice focused). */
  links: { met: string; notYet: string; skip: string };
  profileUrl: string;
  unsubscribeUrl: string;
};

const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/**
 * "Did you meet {partner}?" Each button sits in its own block, so the plain-text part shows one
 * choice and its link per line. Each button only opens the check-in page, which records nothing until
 * the person presses there (mail scanners open every link). User text is escaped by React.
 */
export function CheckInEmail(props: CheckInEmailProps) {
  const question = `Did you meet ${props.partners}?`;
  return (
    <EmailLayout preview={question} title={question}>
      <Text>Hi {props.greeting},</Text>
      <Text>
        {props.reminder
          ? `A quick reminder about your ${props.month} coffee chat with ${props.partners}: how did it go?`
          : `How is your ${props.month} coffee chat with ${props.partners} going? Choose an answer below; the page that opens asks you to confirm it.`}
      </Text>
      <div>
        <EmailButton href={props.links.met} spaced>
          Met
        </EmailButton>
      </div>
      <div>
        <EmailButton href={props.links.notYet} tone="quiet" spaced>
          Not yet
        </EmailButton>
      </div>
      <div>
        <EmailButton href={props.links.skip} tone="quiet" spaced>
          Skip this month
        </EmailButton>
      </div>
      <Text style={small}>
        Each button opens a page where you confirm your answer. You receive this because you take
        part in Cup of Joe; you can pause or opt out any time on your{" "}
        <Link href={props.profileUrl}>profile</Link> or{" "}
        <Link href={props.unsubscribeUrl}>unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
