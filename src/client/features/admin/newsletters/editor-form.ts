import { type Newsletter, newsletterUpdateSchema } from "@shared/newsletters";
import type { FieldErrors, Resolver, UseFormReturn } from "react-hook-form";
import { parseList } from "./newsletter-queries";

/** A list entry as the form holds it (field arrays need objects). */
export type ListItem = { value: string };

/** What the editor's form holds: the newsletter's editable fields, lists as entries. */
export type EditorValues = {
  title: string;
  subject: string;
  description: string;
  moodDescription: string;
  moodImageUrl: string;
  newsletterImageUrl: string;
  quoteText: string;
  quoteAuthor: string;
  brainBuzzerQuestion: string;
  brainBuzzerChoices: ListItem[];
  brainBuzzerCorrectAnswer: string;
  coffeeChatsParagraph: string;
  coffeeChatStarters: ListItem[];
  proTips: ListItem[];
  pairingFile: string;
  matchPlaceholder: string;
  closingMessage: string;
  adminNotes: string;
};

export type EditorForm = UseFormReturn<EditorValues>;
export type ListName = "brainBuzzerChoices" | "coffeeChatStarters" | "proTips";
export type TextName = Exclude<keyof EditorValues, ListName>;

const items = (text: string) => parseList(text).map((value) => ({ value }));

export function toFormValues(n: Newsletter): EditorValues {
  return {
    title: n.title,
    subject: n.subject,
    description: n.description ?? "",
    moodDescription: n.moodDescription ?? "",
    moodImageUrl: n.moodImageUrl ?? "",
    newsletterImageUrl: n.newsletterImageUrl ?? "",
    quoteText: n.quoteText ?? "",
    quoteAuthor: n.quoteAuthor ?? "",
    brainBuzzerQuestion: n.brainBuzzerQuestion ?? "",
    brainBuzzerChoices: items(n.brainBuzzerChoices),
    brainBuzzerCorrectAnswer: n.brainBuzzerCorrectAnswer ?? "",
    coffeeChatsParagraph: n.coffeeChatsParagraph ?? "",
    coffeeChatStarters: items(n.coffeeChatStarters),
    proTips: items(n.proTips),
    pairingFile: n.pairingFile ?? "",
    matchPlaceholder: n.matchPlaceholder ?? "",
    closingMessage: n.closingMessage ?? "",
    adminNotes: n.adminNotes ?? "",
  };
}

const listText = (list: ListItem[]) => JSON.stringify(list.map((item) => item.value));

/** The PUT body: the whole newsletter, lists as JSON text (blank fields clear their value). */
export function toRequestBody(values: EditorValues) {
  return {
    ...values,
    brainBuzzerChoices: listText(values.brainBuzzerChoices),
    coffeeChatStarters: listText(values.coffeeChatStarters),
    proTips: listText(values.proTips),
  };
}

/**
 * Validates with the server's own schema, so the form shows the server's messages; an issue
 * inside a list (one entry too long) is shown under the whole list.
 */
export const editorResolver: Resolver<EditorValues> = async (values) => {
  const result = newsletterUpdateSchema.safeParse(toRequestBody(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "title");
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<EditorValues> };
};
