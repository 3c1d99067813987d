import type { Database } from "../../db/client.ts";
import { createAltchaBotCheck } from "./altcha-bot-check.ts";
import type { BotCheck } from "./bot-check.ts";
import { createRecaptchaBotCheck } from "./recaptcha-bot-check.ts";

/** reCAPTCHA v3 when both its site key (store config) and secret (RECAPTCHA_SECRET) are set; ALTCHA otherwise. */
export function createBotCheck(options: {
  db: Database;
  recaptchaSiteKey?: string;
  recaptchaSecret?: string;
  serverSecret: string;
}): BotCheck {
  if (options.recaptchaSiteKey && options.recaptchaSecret) {
    return createRecaptchaBotCheck({ siteKey: options.recaptchaSiteKey, secret: options.recaptchaSecret });
  }
  return createAltchaBotCheck({ db: options.db, secret: options.serverSecret });
}
