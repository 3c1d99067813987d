// The store's bot check, made once per set of services: reCAPTCHA when configured, ALTCHA otherwise.
import type { StoreServices } from "../store-services.ts";
import type { BotCheck } from "./bot-check.ts";
import { createBotCheck } from "./create-bot-check.ts";

const made = new WeakMap<StoreServices, BotCheck>();

export function storeBotCheck(services: StoreServices): BotCheck {
  let check = made.get(services);
  if (!check) {
    check = createBotCheck({
      db: services.database.db,
      recaptchaSiteKey: services.config.store.recaptchaSiteKey,
      recaptchaSecret: services.config.env.RECAPTCHA_SECRET,
      serverSecret: services.config.sessionSecret,
    });
    made.set(services, check);
  }
  return check;
}
