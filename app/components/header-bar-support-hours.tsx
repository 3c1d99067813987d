import { ChevronDown, Clock, Phone } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

/** The short form in the header and the expanded form. */
export const SUPPORT_HOURS_SHORT = "Mon-Fri 6am-5pm PST";
export const SUPPORT_HOURS_EXPANDED = ["Mon-Fri 6AM-8PM PST", "Sat-Sun 6AM-3PM PST"] as const;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * Support hours: the short form on a button that shows the expanded hours and the phone number (a
 * disclosure: Escape or a click elsewhere closes it, focus goes back to the button).
 */
export function HeaderBarSupportHours({ phone }: { phone: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-8 items-center gap-1.5 rounded px-1 hover:text-aqua-100"
      >
        <Clock aria-hidden="true" size={14} />
        <span>{SUPPORT_HOURS_SHORT}</span>
        <ChevronDown aria-hidden="true" size={14} className={open ? "rotate-180" : ""} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-30 mt-1 w-64 rounded-md bg-white p-4 text-sm text-ink shadow-lg"
      >
        <p className="font-semibold text-water-900">Support hours</p>
        <ul className="mt-1 space-y-0.5">
          {SUPPORT_HOURS_EXPANDED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <a
          href={telHref(phone)}
          className="tabular mt-3 flex items-center gap-2 font-semibold text-aqua-600 hover:underline"
        >
          <Phone aria-hidden="true" size={16} /> {phone}
        </a>
      </div>
    </div>
  );
}
