// "Parts for Hayward Super Pump SP2610X15": the card above the search results when the query is a
// model number; it leads to the model's exploded diagram.
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface ModelMatch {
  handle: string;
  title: string;
  name: string;
  imageUrl: string | null;
  url: string;
  rest: string;
}

export function ModelMatchCard({ match }: { match: ModelMatch }) {
  return (
    <Link
      to={match.url}
      data-testid="model-match"
      className="mt-4 flex items-center gap-4 rounded-lg border-2 border-aqua-500 bg-white p-3 shadow-sm hover:bg-surface"
    >
      {match.imageUrl && (
        <img src={match.imageUrl} alt="" width={64} height={64} className="size-16 shrink-0 object-contain" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-bold text-water-900">Parts for {match.title}</span>
        <span className="block text-sm text-muted">
          {match.name} · exploded diagram with every part numbered
          {match.rest ? ` · showing its parts for "${match.rest}"` : ""}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-6 shrink-0 text-aqua-600" />
    </Link>
  );
}
