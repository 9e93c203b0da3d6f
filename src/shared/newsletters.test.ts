import { describe, expect, it } from "vitest";
import {
  approveBodySchema,
  isEmailImageUrl,
  newsletterSubject,
  newsletterUpdateSchema,
  sendStatusLabel,
} from "./newsletters";

const firstMessage = (input: unknown) => {
  const result = newsletterUpdateSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe("newsletter update contract", () => {
  it("reads list fields from JSON text and drops blank items", () => {
    const parsed = newsletterUpdateSchema.parse({
      proTips: JSON.stringify([" Be kind ", "", "Listen"]),
      coffeeChatStarters: ["What made you smile this week?"],
    });
    expect(parsed.proTips).toEqual(["Be kind", "Listen"]);
    expect(parsed.coffeeChatStarters).toEqual(["What made you smile this week?"]);
  });

  it("refuses a list that is not JSON and says which field", () => {
    expect(firstMessage({ proTips: "tip one, tip two" })).toBe("pro tips must be a list of texts");
  });

  it("bounds lengths with the limit in the message", () => {
    expect(firstMessage({ title: "x".repeat(201) })).toBe("Title must be at most 200 characters");
    expect(firstMessage({ proTips: JSON.stringify(Array(11).fill("tip")) })).toBe(
      "There can be at most 10 pro tips",
    );
  });

  it("keeps left-out fields unchanged and clears fields sent as null or blank", () => {
    const parsed = newsletterUpdateSchema.parse({ quoteText: "  ", moodDescription: null });
    expect(parsed.quoteText).toBeNull();
    expect(parsed.moodDescription).toBeNull();
    expect(parsed.closingMessage).toBeUndefined();
    expect(parsed.proTips).toBeUndefined();
  });

  it("needs two to four Brain Buzzer choices and an answer among them", () => {
    const question = "Which bean is most common?";
    expect(firstMessage({ brainBuzzerQuestion: question, brainBuzzerChoices: '["Arabica"]' })).toBe(
      "The Brain Buzzer needs 2 to 4 choices",
    );
    expect(
      firstMessage({
        brainBuzzerQuestion: question,
        brainBuzzerChoices: '["Arabica","Robusta","Liberica"]',
        brainBuzzerCorrectAnswer: "D",
      }),
    ).toBe("The correct answer must be one of the choices (A, B, C)");
    expect(
      firstMessage({ brainBuzzerQuestion: question, brainBuzzerChoices: '["a","b","c","d","e"]' }),
    ).toBe("There can be at most 4 Brain Buzzer choices");
    expect(firstMessage({ brainBuzzerChoices: '["a","b"]' })).toBe(
      "Please write the Brain Buzzer question for these choices",
    );
    expect(
      newsletterUpdateSchema.parse({
        brainBuzzerQuestion: question,
        brainBuzzerChoices: '["Arabica","Robusta"]',
        brainBuzzerCorrectAnswer: "b",
      }).brainBuzzerCorrectAnswer,
    ).toBe("B");
  });

  it("accepts only http(s) image addresses or paths on this site", () => {
    expect(isEmailImageUrl("https://images.example/mood.png")).toBe(true);
    expect(isEmailImageUrl("http://images.example/mood.png")).toBe(true);
    expect(isEmailImageUrl("/admin-images/mood.png")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "ftp://x.example/a.png",
      "mood.png",
      "https://imgur.com/a/Xyz123",
      "https://photos.example/album/42",
    ]) {
      expect(isEmailImageUrl(bad), bad).toBe(false);
    }
    expect(firstMessage({ moodImageUrl: "javascript:alert(1)" })).toBe(
      "Mood image URL must be an http:// or https:// address of an image file (.jpg, .png, .gif or .webp), not of a page or an album",
    );
  });

  it("refuses a subject with a line break", () => {
    expect(firstMessage({ subject: "Hi\r\nBcc: all@acme.example" })).toBe(
      "Subject must be one line",
    );
  });

  it("refuses a control character anywhere: in a subject, a list item or free text", () => {
    expect(firstMessage({ subject: "Hi\u001b[2J" })).toBe(
      "Subject must be a single line: please remove line breaks, tabs and other control characters.",
    );
    expect(firstMessage({ coffeeChatStarters: '["Ask\\u0000"]' })).toBe(
      "Each of the conversation starters must be a single line without control characters (such as NUL or a line break).",
    );
    expect(firstMessage({ quoteText: "Be\u0007 brave" })).toBe(
      "Quote contains a control character (such as NUL or an escape). Please remove it.",
    );
    expect(firstMessage({ moodImageUrl: "https://img.example/a\u0000.png" })).not.toBeNull();
  });

  it("takes approve without a body", () => {
    expect(approveBodySchema.parse(undefined)).toBeUndefined();
    expect(approveBodySchema.parse({ adminNotes: " ok " })).toEqual({ adminNotes: "ok" });
  });
});

describe("newsletter texts", () => {
  it("names the month in the subject", () => {
    expect(newsletterSubject(3, 2027)).toBe("Cup of Joe - March 2027 Newsletter");
  });

  it("labels unknown send statuses as Unknown", () => {
    expect(sendStatusLabel("sendgrid_limit")).toBe("SendGrid Limit");
    expect(sendStatusLabel("bounced")).toBe("Unknown");
  });
});
