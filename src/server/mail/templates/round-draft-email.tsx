import { Text } from "@react-email/components";
import { matchCountText } from "../../../shared/match-count-text";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";

export type RoundDraftEmailProps = {
  /** "All Users", or a group's name: admin-entered text, escaped by React. */
  scope: string;
  /** "March 2027" */
  month: string;
  pairs: number;
  unmatched: number;
  /** When it is published, in words ("Monday, March 1, 2027 at 09:00 UTC"). */
  publishAt: string;
  reviewUrl: string;
};

/** To the admins when a round's draft is ready for review (docs/rounds.md). */
export function RoundDraftEmail(props: RoundDraftEmailProps) {
  const preview = `The ${props.month} pairing for ${props.scope} is ready for review.`;
  return (
    <EmailLayout preview={preview} title="A pairing is ready for review">
      <Text>{preview}</Text>
      <Text>
        {matchCountText(props.pairs)}
        {props.unmatched > 0 ? `, ${props.unmatched} without a partner` : ""}. Members see nothing
        yet: it is published, and everyone is told, on {props.publishAt}.
      </Text>
      <Text>You can regenerate it, swap two people or skip the month until then.</Text>
      <EmailButton href={props.reviewUrl}>Review the pairing</EmailButton>
    </EmailLayout>
  );
}
