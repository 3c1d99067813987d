// The Q&A block below the product. The store has a questions table but no service or API
// that lists a product's questions yet, so the block points the shopper at the Q&A pages and the
// phone line instead of showing an empty list.
import { MessageCircleQuestion, Phone } from "lucide-react";

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function ProductQuestions({ title, phone }: { title: string; phone: string }) {
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 desk:flex-row desk:items-center desk:justify-between desk:p-6">
      <div className="flex items-start gap-3">
        <MessageCircleQuestion aria-hidden="true" size={28} className="mt-0.5 shrink-0 text-aqua-600" />
        <div>
          <p className="font-semibold text-ink">Not sure {title} fits your equipment?</p>
          <p className="text-muted">
            Have the model and serial number from the label ready: our pool techs answer parts questions every day.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <a href="/questions" className="btn-secondary bg-white">
          Browse questions
        </a>
        <a href={telHref(phone)} className="btn-secondary bg-white">
          <Phone aria-hidden="true" size={18} /> {phone}
        </a>
      </div>
    </div>
  );
}
