// Newsletter block on every page: double opt-in, so success
// means "check your email". One request at a time; Enter submits.
import { Mail } from "lucide-react";
import { useId, useRef, useState } from "react";

type Status =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success" }
  | { kind: "invalid" }
  | { kind: "error"; message: string };

export const NEWSLETTER_MESSAGES = {
  submitting: "Submitting request...",
  success: "Please check your email to confirm.",
  invalid: "Invalid subscription request.",
} as const;

/** The browser's own words for a script that did not load name a URL; a shopper needs a way forward. */
export const CHUNK_FAILED_MESSAGE = "We could not reach the store. Check your connection and try again.";

function chunkFailure(): never {
  throw new Error(CHUNK_FAILED_MESSAGE);
}

export function NewsletterBlock() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inFlight = useRef(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // zod is ~24 KB gzip: every page carries this block, so its rules are fetched on the first submit
      // only, and so are the bot check and the API helper. Inside the try: a chunk that fails to load
      // (offline, or renamed by a deploy since the page loaded) is an error shown like any other, and the
      // form is free again for the next try.
      const { emailSchema } = await import("../../shared/account-forms.ts").catch(chunkFailure);
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        setStatus({ kind: "invalid" });
        return;
      }
      setStatus({ kind: "submitting" });
      const [{ getBotToken }, { apiJson }] = await Promise.all([
        import("../features/account/bot-token.ts"),
        import("../features/account/account-api.ts"),
      ]).catch(chunkFailure);
      const token = await getBotToken("newsletter");
      await apiJson(`/api/newsletterSubscriptions/subscribe?email=${encodeURIComponent(parsed.data)}`, {
        method: "POST",
        body: { token },
      });
      setStatus({ kind: "success" });
      setEmail("");
    } catch (error) {
      // As account-api's messageOf words it (that module may be the one that failed to load).
      setStatus({ kind: "error", message: error instanceof Error && error.message ? error.message : "Failed" });
    } finally {
      inFlight.current = false;
    }
  }

  const message =
    status.kind === "idle"
      ? null
      : status.kind === "error"
        ? `Error: ${status.message}`
        : NEWSLETTER_MESSAGES[status.kind];
  const isError = status.kind === "error" || status.kind === "invalid";

  return (
    // -mb-16 cancels the footer's top margin: the block sits directly on the footer.
    <section aria-labelledby={`${id}-title`} className="mt-16 -mb-16 border-t border-line bg-surface">
      <div className="container-store flex flex-col gap-4 py-8 desk:flex-row desk:items-center desk:justify-between">
        <div className="flex items-start gap-3">
          <Mail aria-hidden="true" size={28} className="mt-1 shrink-0 text-water-800" />
          <div>
            <h2 id={`${id}-title`} className="text-xl font-bold text-water-900">
              Sign up for newsletter
            </h2>
            <p className="text-muted">Pool and spa care tips, new parts and offers. No spam; leave any time.</p>
          </div>
        </div>
        <form noValidate onSubmit={submit} className="w-full desk:max-w-lg">
          <div className="flex gap-2">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              placeholder="Email address"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby={message ? `${id}-message` : undefined}
              aria-invalid={isError || undefined}
              className="min-h-11 w-full min-w-0 rounded-md border border-line bg-white px-3 text-base focus:outline-none focus-visible:ring-3 focus-visible:ring-aqua-500"
            />
            <button
              type="submit"
              className="btn-primary shrink-0"
              disabled={status.kind === "submitting"}
              aria-busy={status.kind === "submitting" || undefined}
            >
              Subscribe
            </button>
          </div>
          <p
            id={`${id}-message`}
            role={isError ? "alert" : "status"}
            className={`mt-2 min-h-5 text-sm font-medium ${isError ? "text-sale" : "text-water-900"}`}
          >
            {message}
          </p>
        </form>
      </div>
    </section>
  );
}
