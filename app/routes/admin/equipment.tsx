// /admin/equipment: the equipment models shoppers find parts by. Find a model, change its name, number
// and label variants, upload its drawing, place a numbered callout by clicking the drawing and map it
// to products by part number; import a supplier's fitment CSV (model number → part number) with a dry
// run that lists the problems by row, then all of it or nothing.
import { useRef, useState } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { FITMENT_CSV_COLUMNS } from "../../../shared/admin/equipment.ts";
import { requireStaffPage, staffCan } from "../../features/admin/admin-session.server.ts";
import { listEquipment, loadModelForEditing } from "../../features/admin/equipment/equipment-admin.server.ts";
import { adminApi, messageOf } from "../../features/admin/ui/admin-api.ts";
import { PageHeader, Panel } from "../../features/admin/ui/page-header.tsx";
import { toast } from "../../features/admin/ui/toast.ts";
import type { Route } from "./+types/equipment";

export async function loader(args: Route.LoaderArgs) {
  const { staff, services } = requireStaffPage(args, "catalog:read");
  const db = services.database.db;
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const id = Number(url.searchParams.get("model")) || null;
  const [list, selected] = await Promise.all([
    listEquipment(db, { q: q || undefined, page: 0, limit: 100 }),
    id ? loadModelForEditing(db, id).catch(() => null) : null,
  ]);
  return {
    q,
    models: list.equipment,
    total: list.pageInfo.totalObjects,
    selected,
    canWrite: staffCan(staff, "catalog:write"),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Equipment | Back office" }];

type Model = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

export default function EquipmentAdminPage({ loaderData }: Route.ComponentProps) {
  const { q, models, total, selected, canWrite } = loaderData;
  const [params] = useSearchParams();
  const link = (id: number) => {
    const copy = new URLSearchParams(params);
    copy.set("model", String(id));
    return `?${copy.toString()}`;
  };
  return (
    <div>
      <PageHeader
        title="Equipment"
        description="Models shoppers find their parts by: exploded diagrams with numbered callouts mapped to products."
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Panel title={`Models (${total})`}>
          <Form method="get" role="search" aria-label="Find a model" className="mb-3 flex gap-2">
            <label htmlFor="equipment-q" className="sr-only">
              Model number or name
            </label>
            <input
              id="equipment-q"
              name="q"
              defaultValue={q}
              placeholder="Model number or name"
              className="min-h-11 flex-1 rounded-md border border-line px-3"
            />
            <button type="submit" className="btn-secondary">
              Find
            </button>
          </Form>
          <div className="max-h-[70vh] overflow-auto">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-surface text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="px-2 py-2">
                    Model
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Brand · series
                  </th>
                  <th scope="col" className="px-2 py-2">
                    Type
                  </th>
                </tr>
              </thead>
              <tbody>
                {models.map((m) => (
                  <tr key={m.id} className={`border-t border-line ${selected?.id === m.id ? "bg-aqua-100" : ""}`}>
                    <td className="px-2 py-2">
                      <Link to={link(m.id)} className="part-number font-semibold text-aqua-600 underline">
                        {m.modelNumber}
                      </Link>
                    </td>
                    <td className="px-2 py-2">
                      {m.brand} · {m.series}
                    </td>
                    <td className="px-2 py-2">{m.typeName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
        <div className="space-y-4">
          {selected ? (
            <ModelEditor key={selected.id} model={selected} canWrite={canWrite} />
          ) : (
            <Panel>Choose a model to see its diagram and callouts.</Panel>
          )}
          {canWrite && <FitmentImport />}
        </div>
      </div>
    </div>
  );
}

function ModelEditor({ model, canWrite }: { model: Model; canWrite: boolean }) {
  const revalidator = useRevalidator();
  const diagram = model.diagrams[0];
  const [busy, setBusy] = useState(false);
  const [imageUrl, setImageUrl] = useState(diagram?.imageUrl ?? "");
  const [place, setPlace] = useState<{ x: number; y: number } | null>(null);
  const [key, setKey] = useState("");
  const [label, setLabel] = useState("");
  const [partsText, setPartsText] = useState("");
  const imageRef = useRef<HTMLImageElement>(null);

  async function saveModel(form: HTMLFormElement) {
    const data = new FormData(form);
    const year = (name: string) => (data.get(name) ? Number(data.get(name)) : null);
    setBusy(true);
    try {
      await adminApi(`/api/admin/equipment/${model.id}`, {
        method: "PUT",
        body: {
          name: String(data.get("name") ?? ""),
          series: String(data.get("series") ?? ""),
          modelNumber: String(data.get("modelNumber") ?? ""),
          aliases: String(data.get("aliases") ?? "")
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean),
          yearFrom: year("yearFrom"),
          yearTo: year("yearTo"),
          description: String(data.get("description") ?? "") || null,
          diagramImageUrl: imageUrl || null,
        },
      });
      toast.success("Model saved.");
      revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "Model not saved."));
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File) {
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch("/api/admin/equipment/diagram-image", {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      const answer = (await response.json()) as { imageUrl?: string; error?: string };
      if (!response.ok || !answer.imageUrl) throw new Error(answer.error ?? "Upload failed.");
      setImageUrl(answer.imageUrl);
      toast.success("Drawing uploaded: save the model to use it.");
    } catch (error) {
      toast.error(messageOf(error, "Upload failed."));
    }
  }

  function onDrawingClick(event: React.MouseEvent<HTMLImageElement>) {
    if (!canWrite) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / box.width) * 10000) / 100;
    const y = Math.round(((event.clientY - box.top) / box.height) * 10000) / 100;
    setPlace({ x, y });
    if (!key) setKey(String((diagram?.callouts.length ?? 0) + 1));
  }

  async function saveCallout(event: React.FormEvent) {
    event.preventDefault();
    if (!place) {
      toast.error("Click the drawing where the callout goes.");
      return;
    }
    const parts = partsText
      .split(/[,\n]/)
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => {
        const [partNumber, qty] = item.split(/\s*[x×]\s*(?=\d+$)/i);
        return { partNumber, quantity: qty ? Number(qty) : 1, note: null };
      });
    setBusy(true);
    try {
      await adminApi(`/api/admin/equipment/${model.id}/callouts`, {
        method: "POST",
        body: { keyNumber: key, label, x: place.x, y: place.y, parts },
      });
      toast.success(`Callout ${key} saved.`);
      setPlace(null);
      setKey("");
      setLabel("");
      setPartsText("");
      revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "Callout not saved."));
    } finally {
      setBusy(false);
    }
  }

  async function removeCallout(k: string) {
    try {
      await adminApi(`/api/admin/equipment/${model.id}/callouts/${encodeURIComponent(k)}`, { method: "DELETE" });
      toast.success(`Callout ${k} removed.`);
      revalidator.revalidate();
    } catch (error) {
      toast.error(messageOf(error, "Callout not removed."));
    }
  }

  return (
    <>
      <Panel title={model.title}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void saveModel(e.currentTarget);
          }}
          className="grid gap-3 sm:grid-cols-2"
        >
          {(
            [
              ["name", "Name", model.name],
              ["series", "Series", model.series],
              ["modelNumber", "Model number", model.modelNumber],
              ["aliases", "Label variants (comma-separated)", model.aliases.join(", ")],
              ["yearFrom", "Made from (year)", model.yearFrom ?? ""],
              ["yearTo", "Made until (year, empty: still made)", model.yearTo ?? ""],
            ] as const
          ).map(([name, text, value]) => (
            <label key={name} className="text-sm font-semibold">
              {text}
              <input
                name={name}
                defaultValue={String(value)}
                disabled={!canWrite}
                className="mt-1 block min-h-11 w-full rounded-md border border-line px-3 font-normal"
              />
            </label>
          ))}
          <label className="text-sm font-semibold sm:col-span-2">
            Description
            <textarea
              name="description"
              defaultValue={model.description ?? ""}
              disabled={!canWrite}
              rows={2}
              className="mt-1 block w-full rounded-md border border-line px-3 py-2 font-normal"
            />
          </label>
          <label className="text-sm font-semibold sm:col-span-2">
            Drawing (upload an image, or a URL)
            <input
              value={imageUrl}
              onChange={(e) => setImageUrl(e.target.value)}
              disabled={!canWrite}
              className="mt-1 block min-h-11 w-full rounded-md border border-line px-3 font-normal"
            />
          </label>
          {canWrite && (
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
              <label className="btn-secondary cursor-pointer">
                Upload a drawing
                <input
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
                />
              </label>
              <button type="submit" className="btn-primary" disabled={busy}>
                Save model
              </button>
              <a
                href={`/equipment/${model.handle}`}
                target="_blank"
                rel="noreferrer"
                className="text-aqua-600 underline"
              >
                View in the store
              </a>
            </div>
          )}
        </form>
      </Panel>
      <Panel title="Diagram and callouts">
        {canWrite && (
          <p className="mb-2 text-sm text-muted">
            Click the drawing to place a callout, then name it and give its part numbers.
          </p>
        )}
        <div className="relative">
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: placing by pointer; the callout form takes typed positions too. */}
          <img
            ref={imageRef}
            src={imageUrl || diagram?.imageUrl}
            alt={`Drawing of ${model.title}`}
            className="block w-full cursor-crosshair rounded border border-line"
            onClick={onDrawingClick}
          />
          {place && (
            <span
              className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-action-600 bg-action-600/30"
              style={{ left: `${place.x}%`, top: `${place.y}%` }}
            />
          )}
        </div>
        {canWrite && (
          <form onSubmit={saveCallout} className="mt-3 grid gap-2 sm:grid-cols-[5rem_1fr]">
            <label className="text-sm font-semibold">
              Key
              <input
                value={key}
                onChange={(e) => setKey(e.target.value)}
                className="mt-1 block min-h-11 w-full rounded-md border border-line px-2"
              />
            </label>
            <label className="text-sm font-semibold">
              Part name on the drawing
              <input
                value={label}
                onChange={(e) => setLabel(e.target.value)}
                className="mt-1 block min-h-11 w-full rounded-md border border-line px-2"
              />
            </label>
            <label className="text-sm font-semibold sm:col-span-2">
              Part numbers (comma-separated, "SPX1600Z2 x2" for a quantity; superseded numbers find today's part)
              <input
                value={partsText}
                onChange={(e) => setPartsText(e.target.value)}
                className="part-number mt-1 block min-h-11 w-full rounded-md border border-line px-2"
              />
            </label>
            <p className="text-sm text-muted sm:col-span-2">
              {place ? `Position: ${place.x}% across, ${place.y}% down.` : "No position yet: click the drawing."}
            </p>
            <button type="submit" className="btn-primary sm:col-span-2 sm:justify-self-start" disabled={busy}>
              Save callout
            </button>
          </form>
        )}
        <table className="mt-4 w-full text-left text-sm">
          <thead className="bg-surface text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-2 py-2">
                Key
              </th>
              <th scope="col" className="px-2 py-2">
                Part
              </th>
              <th scope="col" className="px-2 py-2">
                Products
              </th>
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(diagram?.callouts ?? []).map((c) => (
              <tr key={c.id} className="border-t border-line align-top">
                <td className="px-2 py-2 font-bold">{c.key}</td>
                <td className="px-2 py-2">{c.label}</td>
                <td className="px-2 py-2">
                  {c.parts.map((p) => (
                    <span key={p.id} className="block">
                      <span className="part-number">{p.partNumber}</span> × {p.quantity}
                    </span>
                  ))}
                </td>
                <td className="px-2 py-2">
                  {canWrite && (
                    <button type="button" className="text-sale underline" onClick={() => removeCallout(c.key)}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </>
  );
}

interface ImportAnswer {
  result: {
    dryRun: boolean;
    applied: boolean;
    rows: number;
    models: number;
    calloutsAdded: number;
    partsMapped: number;
    problems: { row: number; message: string }[];
  };
}

function FitmentImport() {
  const [csv, setCsv] = useState("");
  const [answer, setAnswer] = useState<ImportAnswer["result"] | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  async function run(dryRun: boolean) {
    setBusy(true);
    try {
      const { result } = await adminApi<ImportAnswer>("/api/admin/equipment/import", {
        method: "POST",
        body: { csv, dryRun },
      });
      setAnswer(result);
      if (result.applied) {
        toast.success(`Imported ${result.partsMapped} part mappings.`);
        revalidator.revalidate();
      }
    } catch (error) {
      toast.error(messageOf(error, "Import failed."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Panel title="Import a fitment list (CSV)">
      <p className="text-sm text-muted">
        Columns: <span className="part-number">{FITMENT_CSV_COLUMNS.join(", ")}</span> (the first two required). Check
        it first: nothing is written unless every row is good.
      </p>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="Fitment CSV file"
        className="mt-2 block"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file) setCsv(await file.text());
        }}
      />
      <label className="mt-2 block text-sm font-semibold">
        Or paste it
        <textarea
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          rows={5}
          className="part-number mt-1 block w-full rounded-md border border-line px-2 py-1 text-sm"
        />
      </label>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-secondary" disabled={busy || !csv} onClick={() => run(true)}>
          Check (dry run)
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || !csv || !answer?.dryRun || answer.problems.length > 0}
          onClick={() => run(false)}
        >
          Import
        </button>
      </div>
      {answer && (
        <div aria-live="polite" className="mt-3 text-sm">
          <p>
            {answer.rows} rows · {answer.models} models · {answer.partsMapped} part mappings
            {answer.applied
              ? ` · imported (${answer.calloutsAdded} new callouts)`
              : answer.problems.length === 0
                ? " · ready to import"
                : ""}
          </p>
          {answer.problems.length > 0 && (
            <table className="mt-2 w-full text-left">
              <thead className="bg-surface text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Row
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.problems.slice(0, 200).map((p) => (
                  <tr key={`${p.row}-${p.message}`} className="border-t border-line">
                    <td className="px-2 py-1 tabular-nums">{p.row}</td>
                    <td className="px-2 py-1 text-sale">{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Panel>
  );
}
