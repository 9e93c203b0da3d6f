/**
 * What the match e-mails show, as plain data: the templates render it and the renderer fills each
 * person's values into it (../renderer.ts). Every string is raw text, escaped when rendered.
 */

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

/** The short announcement of a match, without a newsletter (a re-pair, an automatic round). */
export interface AnnouncementContent {
  /** The heading, e.g. "Your coffee chat match for March 2027". */
  title: string;
  /** The inbox preview line. */
  preview: string;
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

/** What one recipient's e-mail shows beside the shared content. */
export interface RecipientView {
  greetingName: string;
  match: MatchView;
  unsubscribeUrl: string | null;
  /** One sentence of news above the match (a re-pair says what changed); null for none. */
  news: string | null;
  /** The three times proposed for their match, made at delivery; none in a preview. */
  times?: ProposedTimesView | null;
}

/**
 * The times proposed to one reader (docs/scheduling.md, "Booking from an e-mail"): each labelled
 * in their zone, with its signed `/book-time` link.
 */
export interface ProposedTimesView {
  zone: string;
  /** The zone as written (`zoneNameForPeople`), when made already; else written from `zone`. */
  zoneName?: string;
  times: Array<{ start: string; label: string; url: string }>;
}
