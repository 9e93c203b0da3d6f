import { Link, Text } from "@react-email/components";
import { EmailLayout } from "./email-layout";
import { ProposedTimesBlock, type ProposedTimesBlockProps } from "./proposed-times-block";

export type BookingNudgeEmailProps = ProposedTimesBlockProps & {
  /** The recipient's first name or address, as the greeting shows it. */
  greeting: string;
  /** "Ada Lovelace" or "Ada Lovelace and Ben Byron". */
  partners: string;
  /** "March 2027". */
  month: string;
  /** The Matches page, where the times can be refused or another picked. */
  matchesUrl: string;
  profileUrl: string;
  unsubscribeUrl: string;
};

const small = { color: "#6b5b4e", fontSize: "12px" } as const;

/**
 * The organiser's one nudge when nobody in the match has booked by the middle of the check-in
 * window (docs/scheduling.md, "The nudge"): the three times again, each a booking link.
 */
export function BookingNudgeEmail(props: BookingNudgeEmailProps) {
  const title = `Pick a time for your coffee chat with ${props.partners}`;
  return (
    <EmailLayout preview={title} title={title}>
      <Text>Hi {props.greeting},</Text>
      <Text>
        Nobody has booked your {props.month} coffee chat with {props.partners} yet. As its
        organiser, you can book it with one press.
      </Text>
      <ProposedTimesBlock times={props.times} zone={props.zone} links={props.links} />
      {props.times.length === 0 ? (
        <Text>
          No time fits everyone right now: <Link href={props.matchesUrl}>open your match</Link> to
          agree on one.
        </Text>
      ) : (
        <Text>
          None of these fit? <Link href={props.matchesUrl}>Open your match</Link> for three others.
        </Text>
      )}
      <Text style={small}>
        You receive this because you take part in Cup of Joe; you can pause or opt out any time on
        your <Link href={props.profileUrl}>profile</Link> or{" "}
        <Link href={props.unsubscribeUrl}>unsubscribe here</Link>.
      </Text>
    </EmailLayout>
  );
}
