// Labelled form fields: a text input, a text area and a select, with the required mark, a hint and an error tied to
// the control (aria-describedby), and a green frame and tick on a field that passes its rules.
import { CircleCheck } from "lucide-react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const inputClass =
  "min-h-11 w-full rounded-md border bg-white px-3 text-base text-ink placeholder:text-muted focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 read-only:bg-surface";

interface FieldFrameProps {
  id: string;
  label: string;
  /** A message shown under the field in red (and the field marked invalid). */
  error?: string | null;
  hint?: ReactNode;
  /** Highlights a field that passes its rules. */
  valid?: boolean;
  /** Marks the field invalid for assistive technology only, without a red message or frame. */
  invalid?: boolean;
  required?: boolean;
  className?: string;
}

function borderOf(error: string | null | undefined, valid: boolean | undefined) {
  return error ? "border-sale" : valid ? "border-stock bg-green-50/40" : "border-line";
}

/** What a field's control carries: its id, whether it is required, and its ties to the hint and the error. */
function controlProps({
  id,
  error,
  hint,
  invalid,
  required,
}: Pick<FieldFrameProps, "id" | "error" | "hint" | "invalid" | "required">) {
  return {
    id,
    required,
    "aria-invalid": error || invalid ? true : undefined,
    "aria-describedby":
      [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
  } as const;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  className = "",
  children,
}: FieldFrameProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-sale">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id">, FieldFrameProps {}

export function TextField({ id, label, error, hint, valid, invalid, required, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <div className="relative">
        <input
          {...controlProps({ id, error, hint, invalid, required })}
          className={`${inputClass} ${borderOf(error, valid)} ${valid ? "pr-9" : ""}`}
          {...input}
        />
        {valid ? (
          <CircleCheck
            aria-hidden="true"
            size={18}
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-stock"
          />
        ) : null}
      </div>
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">, FieldFrameProps {}

export function SelectField({
  id,
  label,
  error,
  hint,
  valid,
  invalid,
  required,
  className,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <select
        {...controlProps({ id, error, hint, invalid, required })}
        className={`${inputClass} ${borderOf(error, valid)}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">, FieldFrameProps {}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  valid,
  invalid,
  required,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        {...controlProps({ id, error, hint, invalid, required })}
        className={`${inputClass} py-2 ${borderOf(error, valid)}`}
        {...textarea}
      />
    </FieldFrame>
  );
}
