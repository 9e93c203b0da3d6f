import {
  BRAIN_BUZZER_LETTERS,
  BRAIN_BUZZER_MAX_CHOICES,
  DEFAULT_PRO_TIPS,
  isEmailImageUrl,
  LIST_ITEM_MAX,
  LIST_MAX,
  SHORT_TEXT_MAX,
  SUBJECT_MAX,
  TEXT_MAX,
  TITLE_MAX,
  URL_MAX,
} from "@shared/newsletters";
import { useId, useState } from "react";
import { FieldError } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { EditorSection, ListField, TextField } from "./editor-fields";
import type { EditorForm } from "./editor-form";

const IMAGE_HINT =
  "Use a direct image URL (ending in .jpg, .png or .gif); album or page links (Google Photos, Imgur albums) do not show in e-mail.";

/** Title, subject and the description admins see in the list. */
export function DetailsSection({ form }: { form: EditorForm }) {
  return (
    <EditorSection title="Details">
      <TextField form={form} name="title" label="Title" maxLength={TITLE_MAX} />
      <TextField form={form} name="subject" label="E-mail subject" maxLength={SUBJECT_MAX} />
      <TextField
        form={form}
        name="description"
        label="Description"
        hint="Shown to admins in the newsletter list only."
        maxLength={TEXT_MAX}
        multiline
      />
    </EditorSection>
  );
}

/** This Month's Mood: text, image URL with a live preview, and the header image. */
export function MoodSection({ form }: { form: EditorForm }) {
  return (
    <EditorSection title="This Month's Mood">
      <TextField
        form={form}
        name="moodDescription"
        label="Mood description"
        maxLength={TEXT_MAX}
        multiline
      />
      <TextField
        form={form}
        name="moodImageUrl"
        label="Mood image URL"
        hint={IMAGE_HINT}
        maxLength={URL_MAX}
        type="url"
      />
      <ImagePreview url={form.watch("moodImageUrl")} alt="Mood image preview" />
      <TextField
        form={form}
        name="newsletterImageUrl"
        label="Header image URL"
        hint={IMAGE_HINT}
        maxLength={URL_MAX}
        type="url"
      />
    </EditorSection>
  );
}

/** Shows the image at `url`, or says it failed to load. */
function ImagePreview({ url, alt }: { url: string; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const trimmed = url.trim();
  if (!trimmed || !isEmailImageUrl(trimmed)) return null;
  if (failed === trimmed) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Image failed to load. Please check the URL.
      </p>
    );
  }
  return (
    <img
      src={trimmed}
      alt={alt}
      onError={() => setFailed(trimmed)}
      className="max-h-48 max-w-full rounded-md border border-coffee-200 object-contain"
    />
  );
}

export function QuoteSection({ form }: { form: EditorForm }) {
  return (
    <EditorSection title="Quote to Sip On">
      <TextField form={form} name="quoteText" label="Quote" maxLength={TEXT_MAX} multiline />
      <TextField form={form} name="quoteAuthor" label="Author" maxLength={SHORT_TEXT_MAX} />
    </EditorSection>
  );
}

/** Monthly Brain Buzzer: question, 2–4 choices labelled A–D, and the correct answer. */
export function BrainBuzzerSection({ form }: { form: EditorForm }) {
  const id = useId();
  const choices = form.watch("brainBuzzerChoices");
  const letters = BRAIN_BUZZER_LETTERS.slice(0, Math.max(choices.length, 0));
  const error = form.formState.errors.brainBuzzerCorrectAnswer?.message;
  return (
    <EditorSection title="Monthly Brain Buzzer">
      <TextField
        form={form}
        name="brainBuzzerQuestion"
        label="Question"
        maxLength={TEXT_MAX}
        multiline
      />
      <ListField
        form={form}
        name="brainBuzzerChoices"
        legend="Choices"
        hint="Two to four choices, labelled A to D."
        itemLabel={(i) => `Choice ${BRAIN_BUZZER_LETTERS[i] ?? i + 1}`}
        addLabel="Add choice"
        max={BRAIN_BUZZER_MAX_CHOICES}
        maxLength={LIST_ITEM_MAX}
      />
      <div className="grid gap-2">
        <Label htmlFor={id}>Correct answer</Label>
        <Select
          id={id}
          placeholder="Choose A, B, C or D"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register("brainBuzzerCorrectAnswer")}
        >
          {letters.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    </EditorSection>
  );
}

export function CoffeeChatsSection({ form }: { form: EditorForm }) {
  return (
    <EditorSection title="Making Coffee Chats Count">
      <TextField
        form={form}
        name="coffeeChatsParagraph"
        label="Opening paragraph"
        maxLength={TEXT_MAX}
        multiline
      />
      <ListField
        form={form}
        name="coffeeChatStarters"
        legend="Conversation starters"
        hint="Each person's e-mail also suggests one of these for their match."
        itemLabel={(i) => `Starter ${i + 1}`}
        addLabel="Add starter"
        max={LIST_MAX}
        maxLength={LIST_ITEM_MAX}
      />
    </EditorSection>
  );
}

export function ProTipsSection({ form }: { form: EditorForm }) {
  return (
    <EditorSection title="Pro Tips">
      <ListField
        form={form}
        name="proTips"
        legend="Tips"
        hint={`With no tips the e-mail shows the three defaults: ${DEFAULT_PRO_TIPS.join(" ")}`}
        itemLabel={(i) => `Tip ${i + 1}`}
        addLabel="Add tip"
        max={LIST_MAX}
        maxLength={LIST_ITEM_MAX}
      />
    </EditorSection>
  );
}

export function ClosingSection({ form }: { form: EditorForm }) {
  return (
    <EditorSection title="Closing Message">
      <TextField
        form={form}
        name="closingMessage"
        label="Closing message"
        maxLength={TEXT_MAX}
        multiline
      />
      <TextField
        form={form}
        name="adminNotes"
        label="Admin notes"
        hint="For admins only; never sent."
        maxLength={TEXT_MAX}
        multiline
      />
    </EditorSection>
  );
}
