// Google reCAPTCHA v3: the browser gets a token from Google for an action; the server asks Google
// whether it is genuine, fresh, for the same action, and scored as likely human.
import { type BotChallenge, type BotCheck, BotCheckFailed, BotCheckMissing, BotCheckUnavailable } from "./bot-check.ts";

const VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
/** Google's suggested threshold: 0.0 is almost certainly a bot, 1.0 almost certainly a person. */
export const RECAPTCHA_MIN_SCORE = 0.5;

export interface RecaptchaOptions {
  siteKey: string;
  secret: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  "error-codes"?: string[];
}

export function createRecaptchaBotCheck(options: RecaptchaOptions): BotCheck {
  const doFetch = options.fetch ?? fetch;
  return {
    kind: "recaptcha",
    async challenge(_action): Promise<BotChallenge> {
      return { kind: "recaptcha", siteKey: options.siteKey };
    },
    async verify(token, context) {
      if (!token) throw new BotCheckMissing();
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (context.ipAddress) body.set("remoteip", context.ipAddress);
      let answer: SiteVerifyAnswer;
      try {
        const response = await doFetch(VERIFY_URL, {
          method: "POST",
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = (await response.json()) as SiteVerifyAnswer;
      } catch {
        throw new BotCheckUnavailable();
      }
      if (answer.success !== true) {
        const expired = answer["error-codes"]?.includes("timeout-or-duplicate");
        throw new BotCheckFailed(expired ? "The bot check expired. Please try again." : undefined);
      }
      if (answer.action && answer.action !== context.action) throw new BotCheckFailed();
      if (typeof answer.score === "number" && answer.score < RECAPTCHA_MIN_SCORE) {
        throw new BotCheckFailed(
          "We could not tell you apart from a robot. Please try again, or call us and we will help.",
        );
      }
    },
  };
}
