import { Body, Container, Heading, Hr, Html, Img, Link, Section } from "@react-email/components";
import { EmailButton } from "./email-button";
import { brandName, EmailHead } from "./email-layout";
import {
  BrainBuzzerSection,
  CoffeeChatsSection,
  MatchTimes,
  MoodSection,
  ProTipsSection,
  QuoteSection,
  YourMatch,
} from "./newsletter-sections";
import { P, s } from "./newsletter-styles";
import type { NewsletterEmailContent, RecipientView } from "./views";

export interface NewsletterEmailProps extends Omit<RecipientView, "news"> {
  content: NewsletterEmailContent;
}

/**
 * The monthly newsletter. Children are React nodes, so every text is escaped by React; the
 * per-recipient values are filled in afterwards by the newsletter renderer, escaped the same way.
 */
export function NewsletterEmail({
  content,
  greetingName,
  match,
  unsubscribeUrl,
  times,
}: NewsletterEmailProps) {
  return (
    <Html lang="en">
      <EmailHead title={content.title || `${brandName} newsletter`} />
      <Preheader text={content.preview} />
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.band}>
            <Heading as="h1" style={s.bandTitle}>
              {brandName}
            </Heading>
            <P style={s.bandSub}>{content.periodLabel} Newsletter</P>
          </Section>
          {content.headerImageUrl ? (
            <Section style={s.section}>
              <Img src={content.headerImageUrl} alt={content.title} width="536" style={s.image} />
            </Section>
          ) : null}
          <Section style={s.section}>
            <P style={s.text}>Hi {greetingName},</P>
          </Section>
          <MoodSection content={content} />
          <QuoteSection content={content} />
          <Section style={s.section}>
            <Heading as="h2" style={s.h2}>
              Your Match
            </Heading>
            <YourMatch match={match} />
            {match.kind === "partners" ? (
              <EmailButton href={content.matchesUrl}>Schedule your coffee chat</EmailButton>
            ) : null}
            <MatchTimes match={match} times={times} />
          </Section>
          <BrainBuzzerSection content={content} />
          <CoffeeChatsSection content={content} />
          <ProTipsSection content={content} />
          <Section style={s.section}>
            {content.closingMessage ? <P style={s.text}>{content.closingMessage}</P> : null}
            <Hr />
            <P style={s.footer}>
              {brandName}: monthly coffee chats with your colleagues. You receive this because you
              take part; you can pause or opt out any time on your{" "}
              <Link href={content.profileUrl}>profile</Link>
              {unsubscribeUrl ? (
                <>
                  {" "}
                  or <Link href={unsubscribeUrl}>unsubscribe here</Link>
                </>
              ) : null}
              .
            </P>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The inbox preview line, hidden in the message. React Email's Preview pads it with ~800
 * invisible characters, which quoted-printable encoding makes several kilobytes per message.
 */
function Preheader({ text }: { text: string }) {
  return (
    <div
      style={{
        display: "none",
        overflow: "hidden",
        lineHeight: "1px",
        opacity: 0,
        maxHeight: 0,
        maxWidth: 0,
      }}
      data-skip-in-text="true"
    >
      {text}
    </div>
  );
}
