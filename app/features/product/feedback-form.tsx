// The frame of the product page's review and question forms: the button that opens the form, the form
// (its own fields, then the shopper's name and e-mail), the store's answer and the Send / Cancel row. Once
// the store has taken the message, its thanks replaces the form.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { BusyButton } from "../../components/ui/busy-button.tsx";
import { Notice } from "../../components/ui/notice.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { type FieldSchema, useFeedbackForm } from "./feedback-api.ts";

interface FeedbackFormProps {
  kind: "review" | "question";
  productId: number;
  /** The API's schema of the message, checked before anything is sent. */
  schema: FieldSchema;
  /** The button that opens the form. */
  openLabel: string;
  heading: string;
  submitLabel: string;
  /** The name field's form name (and the message's), and what its hint says. */
  nameField: { name: string; hint?: string };
  /** The message to send, read from the submitted form. */
  read: (form: FormData) => Record<string, unknown>;
  /** The form's own fields, above the name and e-mail: given the field errors and the form's id prefix. */
  children: (errors: Record<string, string>, id: string) => ReactNode;
}

export function FeedbackForm({
  kind,
  productId,
  schema,
  openLabel,
  heading,
  submitLabel,
  nameField,
  read,
  children,
}: FeedbackFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { errors, busy, result, send } = useFeedbackForm(kind, productId, schema);

  if (result?.tone === "success") return <Notice tone="success">{result.text}</Notice>;
  if (!open) {
    return (
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        {openLabel}
      </button>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(read(new FormData(event.currentTarget)));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="max-w-2xl space-y-4 rounded-lg border border-line bg-white p-4 desk:p-6"
    >
      <h3 className="text-lg font-bold text-water-900">{heading}</h3>
      {children(errors, id)}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          name={nameField.name}
          label="Your name"
          required
          maxLength={60}
          autoComplete="name"
          error={errors[nameField.name]}
          hint={nameField.hint}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label="E-mail"
          maxLength={254}
          autoComplete="email"
          error={errors.email}
          hint="Optional; never shown."
        />
      </div>
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <div className="flex flex-wrap gap-3">
        <BusyButton busy={busy} busyLabel="Sending...">
          {submitLabel}
        </BusyButton>
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
