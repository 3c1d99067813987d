// Bot check before writes that send mail or test credentials (recovery e-mail, verification,
// newsletter; and register, sign-in, password reset). Two implementations of one interface:
// Google reCAPTCHA v3 when a site key and a secret are configured, otherwise a self-hosted
// proof-of-work challenge (ALTCHA) that needs no third party and works offline.
import { InvalidInput, ServiceError } from "../errors.ts";

/** What the browser needs to produce a token: a reCAPTCHA site key, or an ALTCHA challenge to solve. */
export type BotChallenge =
  | { kind: "recaptcha"; siteKey: string }
  | { kind: "altcha"; challenge: Record<string, unknown> };

export interface BotCheckContext {
  /** What the token is for ('login', 'register', 'newsletter'...): reCAPTCHA checks it matches. */
  action: string;
  ipAddress?: string;
}

/** The writes a bot-check answer can be for; an answer is good for the action its challenge was made for. */
export const BOT_CHECK_ACTIONS = [
  "register",
  "login",
  "verification",
  "recover",
  "reset_password",
  "recovery_email",
  "recovery_email_verify",
  "newsletter",
  "add_card",
  "checkout",
  "review",
  "question",
] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

export interface BotCheck {
  readonly kind: BotChallenge["kind"];
  /** A challenge for one action (ALTCHA signs the action into it; reCAPTCHA names it when executed). */
  challenge(action: BotCheckAction): Promise<BotChallenge>;
  /** Resolves when the token is a valid, fresh, unused answer; throws a 400 (or 503) otherwise. */
  verify(token: string | undefined, context: BotCheckContext): Promise<void>;
}

export const BOT_CHECK_MISSING =
  "The bot check is missing. Make sure JavaScript is enabled in your browser, then try again.";
export const BOT_CHECK_FAILED = "The bot check failed. Please reload the page and try again.";

export class BotCheckMissing extends InvalidInput {
  constructor() {
    super(BOT_CHECK_MISSING);
  }
}

export class BotCheckFailed extends InvalidInput {
  constructor(message = BOT_CHECK_FAILED) {
    super(message);
  }
}

/** The verification service could not be reached: not the visitor's fault, so not a 400. */
export class BotCheckUnavailable extends ServiceError {
  override readonly status = 503;
  constructor() {
    super("The bot check could not be completed right now. Please try again in a minute.");
  }
}
