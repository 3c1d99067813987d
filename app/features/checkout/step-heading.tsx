// A checkout step's heading: its number (filled green once done), icon and title, and a Change link back
// to a finished step.
import { Pencil } from "lucide-react";
import { Link } from "react-router";

export function StepHeading({
  number,
  title,
  icon,
  done,
  editHref,
}: {
  number: number;
  title: string;
  icon: React.ReactNode;
  done: boolean;
  editHref?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h2 className="flex items-center gap-2 text-xl font-bold text-water-900">
        <span
          aria-hidden="true"
          className={`flex size-7 items-center justify-center rounded-full text-sm ${done ? "bg-stock text-white" : "bg-water-900 text-white"}`}
        >
          {number}
        </span>
        {icon}
        {title}
      </h2>
      {editHref ? (
        <Link to={editHref} className="inline-flex min-h-11 items-center gap-1 text-aqua-600 hover:underline">
          <Pencil aria-hidden="true" size={14} /> Change<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      ) : null}
    </div>
  );
}
