import type { Newsletter } from "@shared/newsletters";
import { describe, expect, it } from "vitest";
import { type EditorValues, editorResolver, toFormValues, toRequestBody } from "./editor-form";

const newsletter: Newsletter = {
  id: 7,
  month: 3,
  year: 2027,
  title: "Cup of Joe - March 2027",
  description: null,
  status: "draft",
  moodDescription: "Spring is here",
  moodImageUrl: null,
  newsletterImageUrl: null,
  quoteText: null,
  quoteAuthor: null,
  brainBuzzerQuestion: "Which bean is most grown?",
  brainBuzzerChoices: JSON.stringify(["Arabica", "Robusta"]),
  brainBuzzerCorrectAnswer: "A",
  coffeeChatsParagraph: null,
  coffeeChatStarters: JSON.stringify(["What made you smile this week?"]),
  proTips: "[]",
  pairingFile: null,
  pairingDisplayName: null,
  matchPlaceholder: null,
  closingMessage: null,
  subject: "Cup of Joe - March 2027 Newsletter",
  adminNotes: null,
  createdAt: "2027-03-01T00:00:00.000Z",
  updatedAt: "2027-03-01T00:00:00.000Z",
  approvedAt: null,
  sentAt: null,
  validationResult: null,
};

const resolve = (values: EditorValues) =>
  editorResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the newsletter editor's form", () => {
  it("sends the lists back as the JSON text it read them from", () => {
    const body = toRequestBody(toFormValues(newsletter));
    expect(body.brainBuzzerChoices).toBe(newsletter.brainBuzzerChoices);
    expect(body.coffeeChatStarters).toBe(newsletter.coffeeChatStarters);
    expect(body.proTips).toBe("[]");
    expect(body.moodImageUrl).toBe("");
  });

  it("accepts the newsletter as it is", async () => {
    expect((await resolve(toFormValues(newsletter))).errors).toEqual({});
  });

  it("refuses a script address as the mood image with the server's message", async () => {
    const values = { ...toFormValues(newsletter), moodImageUrl: "javascript:alert(1)" };
    expect((await resolve(values)).errors.moodImageUrl?.message).toBe(
      "Mood image URL must be an http:// or https:// address of an image file (.jpg, .png, .gif or .webp), not of a page or an album",
    );
  });

  it("puts an answer outside the choices under the answer, naming the letters there are", async () => {
    const values = { ...toFormValues(newsletter), brainBuzzerCorrectAnswer: "D" };
    expect((await resolve(values)).errors.brainBuzzerCorrectAnswer?.message).toBe(
      "The correct answer must be one of the choices (A, B)",
    );
  });

  it("shows a too long entry under its whole list", async () => {
    const values = {
      ...toFormValues(newsletter),
      proTips: [{ value: "Listen." }, { value: "x".repeat(301) }],
    };
    expect((await resolve(values)).errors.proTips?.message).toBe(
      "Each of the pro tips must be at most 300 characters",
    );
  });
});
