// A status line inside a page or dialog: errors are announced at once (alert), the rest politely (status).
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";

export type NoticeTone = "success" | "danger" | "info";

const toneStyles: Record<NoticeTone, string> = {
  success: "border-stock/30 bg-green-50 text-stock",
  danger: "border-sale/30 bg-red-50 text-sale",
  info: "border-aqua-500/30 bg-cyan-50 text-water-900",
};

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
