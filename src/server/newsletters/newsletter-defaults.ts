import { CHAT_DURATION_MINUTES } from "../../shared/matches";
import { monthName } from "../../shared/months";
import { DEFAULT_PRO_TIPS, newsletterSubject, newsletterTitle } from "../../shared/newsletters";
import type { newsletters } from "../db/schema";

/** Conversation starters a new draft begins with (the editor can change them). */
export const DEFAULT_STARTERS = [
  "What is something you learned recently that surprised you?",
  "What does a great day at work look like for you?",
  "If you could swap jobs with anyone here for a week, whose would it be?",
];

export const DEFAULT_MATCH_PLACEHOLDER =
  "Each colleague sees their own match here: name, photo, department and a conversation starter.";

/** The content of a new month's draft: every section filled so it can be sent as it is. */
export function defaultNewsletter(month: number, year: number): typeof newsletters.$inferInsert {
  const period = `${monthName(month)} ${year}`;
  return {
    month,
    year,
    title: newsletterTitle(month, year),
    subject: newsletterSubject(month, year),
    description: `The ${period} coffee chat newsletter with everyone's new match.`,
    status: "draft",
    moodDescription: `A new month, a new face across the table. Grab a warm cup and say hello to someone you have not met yet.`,
    quoteText: "Coffee is a language in itself.",
    quoteAuthor: "Jackie Chan",
    brainBuzzerQuestion: "Which country grows the most coffee in the world?",
    brainBuzzerChoices: JSON.stringify(["Brazil", "Vietnam", "Colombia", "Ethiopia"]),
    brainBuzzerCorrectAnswer: "A",
    coffeeChatsParagraph: `A coffee chat is ${CHAT_DURATION_MINUTES} relaxed minutes with a colleague: no agenda, no slides. Pick a time that suits you both, meet in person or on video, and let the conversation wander.`,
    coffeeChatStarters: JSON.stringify(DEFAULT_STARTERS),
    proTips: JSON.stringify(DEFAULT_PRO_TIPS),
    matchPlaceholder: DEFAULT_MATCH_PLACEHOLDER,
    closingMessage:
      "Enjoy your chat, and tell us how it went by marking it as met on your matches page. See you next month!",
  };
}
