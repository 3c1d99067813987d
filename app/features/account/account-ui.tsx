// Building blocks shared by the account pages: the page frame with breadcrumbs, labelled fields whose
// errors are tied to them (aria-describedby), status messages, and a button that shows it is busy.
import { CircleAlert, CircleCheck, Info, LoaderCircle } from "lucide-react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "../../components/breadcrumbs.tsx";

export const MY_ACCOUNT_CRUMB: Crumb = { label: "My Account", href: "/myaccount.asp" };

export function AccountPage({
  title,
  crumbs,
  children,
  narrow = false,
  headingId,
}: {
  title: string;
  crumbs?: readonly Crumb[];
  children: ReactNode;
  narrow?: boolean;
  headingId?: string;
}) {
  return (
    <div className={`container-store py-6 ${narrow ? "max-w-xl" : ""}`}>
      {crumbs ? <Breadcrumbs items={crumbs} className="mb-4" /> : null}
      <h1 id={headingId} className="mb-6 text-3xl font-extrabold text-water-900">
        {title}
      </h1>
      {children}
    </div>
  );
}

export type NoticeTone = "success" | "danger" | "info";

const toneStyles: Record<NoticeTone, string> = {
  success: "border-stock/30 bg-green-50 text-stock",
  danger: "border-sale/30 bg-red-50 text-sale",
  info: "border-aqua-500/30 bg-cyan-50 text-water-900",
};

/** A status line: errors are announced at once (alert), the rest politely (status). */
export function Notice({
  tone,
  children,
  className = "",
}: {
  tone: NoticeTone;
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === "success" ? CircleCheck : tone === "danger" ? CircleAlert : Info;
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium ${toneStyles[tone]} ${className}`}
    >
      <Icon aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Highlights a field that passes the rules (spec §5 "Valid fields are highlighted"). */
  valid?: boolean;
}

export const inputClass =
  "min-h-11 w-full rounded-md border bg-white px-3 text-base text-ink placeholder:text-muted focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500 read-only:bg-surface";

export function TextField({ id, label, error, hint, valid, required, className = "", ...input }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const border = error ? "border-sale" : valid ? "border-stock bg-green-50/40" : "border-line";
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
      <div className="relative">
        <input
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${border} ${valid ? "pr-9" : ""}`}
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

export function BusyButton({
  busy,
  busyLabel,
  children,
  className = "btn-primary",
  type = "submit",
  disabled,
  onClick,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  type?: "submit" | "button";
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? <LoaderCircle aria-hidden="true" size={18} className="animate-spin" /> : null}
      {busy ? busyLabel : children}
    </button>
  );
}

/** Field errors from a zod result, by field name (first message each). */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    out[key] ??= issue.message;
  }
  return out;
}
