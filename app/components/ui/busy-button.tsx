// A button that shows it is busy: a spinner and its busy label, disabled so a second press sends nothing.
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

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
