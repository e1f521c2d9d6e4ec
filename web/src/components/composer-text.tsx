import { type TextareaHTMLAttributes, useId } from "react";

/**
 * The text box of a composer (a forum post or reply, a Q&A question): two lines to start, its label
 * for screen readers only, since the placeholder and the send button around it say what it is for.
 * The rest (value, limits, counter, keys) is the composer's.
 */
export function ComposerText({
  label,
  ...textarea
}: { label: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "rows">) {
  const fieldId = useId();
  return (
    <>
      <label htmlFor={fieldId} className="visually-hidden">
        {label}
      </label>
      <textarea id={fieldId} rows={2} {...textarea} />
    </>
  );
}
