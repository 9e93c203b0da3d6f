import { Link } from "@react-email/components";
import { monthDisplay } from "../../../shared/pairings";
import { EmailButton } from "./email-button";
import { EmailLayout } from "./email-layout";
import { MatchTimes, YourMatch } from "./newsletter-sections";
import { P, s } from "./newsletter-styles";
import type { AnnouncementContent, MatchView, RecipientView } from "./views";

export interface AnnouncementEmailProps extends RecipientView {
  content: AnnouncementContent;
  /** How the match meets and what its members share ("You meet online. You both like jazz."). */
  together?: string | null;
}

/**
 * The short announcement of a match without a newsletter: a re-pair in a running month, or an
 * automatically published round. The same "Your Match" section as the newsletter (partner,
 * department, bio), the schedule button, the times proposed for the match and the unsubscribe
 * link. Every text is escaped by React.
 */
export function AnnouncementEmail({
  content,
  greetingName,
  news,
  match,
  unsubscribeUrl,
  times,
  together,
}: AnnouncementEmailProps) {
  return (
    <EmailLayout preview={content.preview} title={content.title}>
      <P style={s.text}>Hi {greetingName},</P>
      {news ? <P style={s.text}>{news}</P> : null}
      <YourMatch match={match} />
      {together ? <P style={s.text}>{together}</P> : null}
      {match.kind === "partners" ? (
        <EmailButton href={content.matchesUrl}>Schedule your coffee chat</EmailButton>
      ) : null}
      <MatchTimes match={match} times={times} />
      <P style={s.footer}>
        You receive this because you take part in Cup of Joe; you can pause or opt out any time on
        your <Link href={content.profileUrl}>profile</Link>
        {unsubscribeUrl ? (
          <>
            {" "}
            or <Link href={unsubscribeUrl}>unsubscribe here</Link>
          </>
        ) : null}
        .
      </P>
    </EmailLayout>
  );
}

/** The announcement's subject: a match promised only to whom it has one. */
export function announcementSubject(match: MatchView, period: string): string {
  return match.kind === "partners"
    ? `Your Cup of Joe match for ${period}`
    : `Cup of Joe for ${period}: no match for you this time`;
}

/** The short announcement's content for a pairing's month ("2027-03"). */
export function announcementContent(
  appUrl: string,
  month: string,
  title?: string,
): AnnouncementContent {
  const period = monthDisplay(month);
  return {
    title: title ?? `Your coffee chat match for ${period}`,
    preview: `Meet your ${period} coffee chat match`,
    matchesUrl: `${appUrl}/matches`,
    profileUrl: `${appUrl}/profile`,
  };
}
