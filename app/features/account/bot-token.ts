// The bot-check answer sent with protected writes ("A bot-check token is fetched with the
// configured site key before each write call"). The server says which check it runs: Google reCAPTCHA v3,
// or the self-hosted proof of work (ALTCHA) for this one action, solved here in plain JavaScript
// (shared/proof-of-work.ts) in well under a second. Both load only when a token is first needed.

export const RECAPTCHA_NOT_LOADED = "reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.";

type Challenge = { kind: "recaptcha"; siteKey: string } | { kind: "altcha"; challenge: Record<string, unknown> };

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaScript: Promise<void> | undefined;

function loadRecaptcha(siteKey: string): Promise<void> {
  recaptchaScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      recaptchaScript = undefined;
      reject(new Error(RECAPTCHA_NOT_LOADED));
    };
    document.head.append(script);
  });
  return recaptchaScript;
}

async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  await loadRecaptcha(siteKey);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error(RECAPTCHA_NOT_LOADED);
  return new Promise<string>((resolve, reject) => {
    grecaptcha.ready(() => {
      grecaptcha.execute(siteKey, { action }).then(resolve, () => reject(new Error(RECAPTCHA_NOT_LOADED)));
    });
  });
}

async function altchaToken(challenge: Record<string, unknown>): Promise<string> {
  const { solveProofOfWork } = await import("../../../shared/proof-of-work.ts");
  const parameters = challenge.parameters as Parameters<typeof solveProofOfWork>[0];
  const solution = await solveProofOfWork(parameters, { timeoutMs: 30_000 });
  if (!solution) throw new Error("The bot check took too long. Please try again.");
  return btoa(JSON.stringify({ challenge, solution }));
}

/** A fresh answer for one protected write; `action` names the write (reCAPTCHA checks it). */
export async function getBotToken(action: string): Promise<string> {
  let challenge: Challenge;
  try {
    const response = await fetch(`/api/bot-check/challenge?action=${encodeURIComponent(action)}`, {
      cache: "no-store",
      credentials: "same-origin",
    });
    if (!response.ok) throw new Error(String(response.status));
    challenge = (await response.json()) as Challenge;
  } catch {
    throw new Error("We could not reach the store. Check your connection and try again.");
  }
  return challenge.kind === "recaptcha" ? recaptchaToken(challenge.siteKey, action) : altchaToken(challenge.challenge);
}
