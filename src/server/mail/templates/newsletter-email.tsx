import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Row,
  Section,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { brandName } from "./email-layout";

/** Newsletter-wide content, already made e-mail ready (absolute image URLs, default tips filled). */
export interface NewsletterEmailContent {
  periodLabel: string;
  title: string;
  preview: string;
  headerImageUrl: string | null;
  moodText: string | null;
  moodImageUrl: string | null;
  quoteText: string | null;
  quoteAuthor: string | null;
  brainBuzzer: { question: string; choices: string[]; answer: string | null } | null;
  coffeeChatsParagraph: string | null;
  starters: string[];
  proTips: string[];
  closingMessage: string | null;
  matchesUrl: string;
  profileUrl: string;
}

export interface PartnerView {
  name: string;
  initials: string;
  department: string | null;
  bio: string | null;
  email: string;
  photoUrl: string | null;
}

export type MatchView =
  | { kind: "partners"; partners: PartnerView[]; starter: string | null }
  | { kind: "sat-out" }
  | { kind: "placeholder"; text: string };

export interface NewsletterEmailProps {
  content: NewsletterEmailContent;
  greetingName: string;
  match: MatchView;
  unsubscribeUrl: string | null;
}

const colors = { brown: "#4a2c17", cream: "#faf7f2", muted: "#6b5b4e", accent: "#c8a27a" };
const font = "Helvetica, Arial, sans-serif";

const s = {
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
  button: {
    backgroundColor: colors.brown,
    color: "#ffffff",
    padding: "12px 22px",
    borderRadius: "6px",
    textDecoration: "none",
    fontSize: "15px",
    display: "inline-block",
  },
  footer: { color: colors.muted, fontSize: "12px", lineHeight: "18px", margin: "0 0 6px" },
  image: {
    width: "100%",
    maxWidth: "536px",
    height: "auto",
    display: "block",
    borderRadius: "6px",
  },
} as const;

const LETTERS = ["A", "B", "C", "D"];

/**
 * The monthly newsletter. Children are React nodes, so every text is escaped by React; the
 * per-recipient values are filled in afterwards by the newsletter renderer, escaped the same way.
 */
export function NewsletterEmail({
  content,
  greetingName,
  match,
  unsubscribeUrl,
}: NewsletterEmailProps) {
  return (
    <Html lang="en">
      <Head />
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
            <Button href={content.matchesUrl} style={s.button}>
              Schedule your coffee chat
            </Button>
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

/** A paragraph with only our inline style (React Email's Text repeats every margin longhand). */
function P({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return <p style={style}>{children}</p>;
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

function MoodSection({ content }: { content: NewsletterEmailContent }) {
  if (!content.moodText && !content.moodImageUrl) return null;
  return (
    <Section style={s.section}>
      <Heading as="h2" style={s.h2}>
        This Month's Mood
      </Heading>
      {content.moodText ? <P style={s.text}>{content.moodText}</P> : null}
      {content.moodImageUrl ? (
        <Img src={content.moodImageUrl} alt="This month's mood" width="536" style={s.image} />
      ) : null}
    </Section>
  );
}

function QuoteSection({ content }: { content: NewsletterEmailContent }) {
  if (!content.quoteText) return null;
  return (
    <Section style={s.section}>
      <Heading as="h2" style={s.h2}>
        Quote to Sip On
      </Heading>
      <P style={s.quote}>“{content.quoteText}”</P>
      {content.quoteAuthor ? <P style={s.small}>— {content.quoteAuthor}</P> : null}
    </Section>
  );
}

function YourMatch({ match }: { match: MatchView }) {
  if (match.kind === "placeholder") return <P style={s.text}>{match.text}</P>;
  if (match.kind === "sat-out") {
    return (
      <P style={s.text}>
        There was no match for you this month: the numbers did not work out, and it is nothing
        personal. You are first in line next month. In the meantime, why not invite a colleague you
        have not met yet for a coffee?
      </P>
    );
  }
  return (
    <>
      <P style={s.text}>
        {match.partners.length > 1
          ? "This month you are a trio! Meet your coffee partners:"
          : "This month your coffee partner is:"}
      </P>
      {match.partners.map((partner, index) => (
        <PartnerCard key={`${index}-${partner.email}`} partner={partner} />
      ))}
      {match.starter ? (
        <P style={s.text}>
          <strong>Conversation starter:</strong> {match.starter}
        </P>
      ) : null}
    </>
  );
}

function PartnerCard({ partner }: { partner: PartnerView }) {
  return (
    <Section style={s.card}>
      <Row>
        <Column style={{ width: "96px", verticalAlign: "top" }}>
          {partner.photoUrl ? (
            <Img src={partner.photoUrl} alt={partner.name} width="80" height="80" style={s.photo} />
          ) : (
            <P style={s.initials}>{partner.initials}</P>
          )}
        </Column>
        <Column style={{ verticalAlign: "top" }}>
          <P style={s.name}>{partner.name}</P>
          {partner.department ? <P style={s.small}>{partner.department}</P> : null}
          <P style={s.small}>{partner.email}</P>
          {partner.bio ? <P style={s.text}>{partner.bio}</P> : null}
        </Column>
      </Row>
    </Section>
  );
}

function BrainBuzzerSection({ content }: { content: NewsletterEmailContent }) {
  const buzzer = content.brainBuzzer;
  if (!buzzer) return null;
  return (
    <Section style={s.section}>
      <Heading as="h2" style={s.h2}>
        Monthly Brain Buzzer
      </Heading>
      <P style={s.text}>{buzzer.question}</P>
      {buzzer.choices.map((choice, index) => (
        <P key={LETTERS[index]} style={s.small}>
          <strong>{LETTERS[index]}.</strong> {choice}
        </P>
      ))}
      {buzzer.answer ? <P style={s.footer}>Answer (no peeking!): {buzzer.answer}</P> : null}
    </Section>
  );
}

function CoffeeChatsSection({ content }: { content: NewsletterEmailContent }) {
  if (!content.coffeeChatsParagraph && content.starters.length === 0) return null;
  return (
    <Section style={s.section}>
      <Heading as="h2" style={s.h2}>
        Making Coffee Chats Count
      </Heading>
      {content.coffeeChatsParagraph ? <P style={s.text}>{content.coffeeChatsParagraph}</P> : null}
      {content.starters.map((starter, index) => (
        <P key={`${index}-${starter}`} style={s.small}>
          • {starter}
        </P>
      ))}
    </Section>
  );
}

function ProTipsSection({ content }: { content: NewsletterEmailContent }) {
  return (
    <Section style={s.section}>
      <Heading as="h2" style={s.h2}>
        Pro Tips
      </Heading>
      {content.proTips.map((tip, index) => (
        <P key={`${index}-${tip}`} style={s.small}>
          {index + 1}. {tip}
        </P>
      ))}
    </Section>
  );
}
