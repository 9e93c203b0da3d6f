import { Column, Heading, Img, Row, Section } from "@react-email/components";
import { LETTERS, P, s } from "./newsletter-styles";
import { ProposedTimesBlock } from "./proposed-times-block";
import type { MatchView, NewsletterEmailContent, PartnerView, ProposedTimesView } from "./views";

/** The newsletter's sections; each renders nothing when its content is empty. */

export function MoodSection({ content }: { content: NewsletterEmailContent }) {
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

export function QuoteSection({ content }: { content: NewsletterEmailContent }) {
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

export function YourMatch({ match }: { match: MatchView }) {
  if (match.kind === "placeholder") return <P style={s.text}>{match.text}</P>;
  if (match.kind === "sat-out") {
    return (
      <P style={s.text}>
        There was no match for you this month: nobody left to pair could meet you within everyone's
        wishes (such as departments, shared working hours and recent chats), or the numbers left one
        person out. You are in next month's pairing as usual, and when it has to choose between
        equally good groups, it places people who sat out this month first. In the meantime, why not
        invite a colleague you have not met yet for a coffee?
      </P>
    );
  }
  return (
    <>
      <P style={s.text}>
        {match.partners.length > 2
          ? "This month you are a group of four! Meet your coffee partners:"
          : match.partners.length > 1
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

export function PartnerCard({ partner }: { partner: PartnerView }) {
  return (
    <Section style={s.card}>
      <Row>
        <Column style={{ width: "96px", verticalAlign: "top" }}>
          {partner.photoUrl ? (
            <Img src={partner.photoUrl} alt={partner.name} width="80" height="80" style={s.photo} />
          ) : (
            <P style={s.initials} skipInText>
              {partner.initials}
            </P>
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

export function BrainBuzzerSection({ content }: { content: NewsletterEmailContent }) {
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

export function CoffeeChatsSection({ content }: { content: NewsletterEmailContent }) {
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

export function ProTipsSection({ content }: { content: NewsletterEmailContent }) {
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

/** The times proposed to the reader for their match, below its schedule button; none without a match. */
export function MatchTimes({
  match,
  times,
}: {
  match: MatchView;
  times: ProposedTimesView | null | undefined;
}) {
  if (match.kind !== "partners" || !times) return null;
  return (
    <ProposedTimesBlock
      times={times.times}
      zone={times.zone}
      zoneName={times.zoneName}
      links={times.times.map((time) => time.url)}
      labels={times.times.map((time) => time.label)}
    />
  );
}
