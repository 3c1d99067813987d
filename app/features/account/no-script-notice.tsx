import { RECAPTCHA_NOT_LOADED } from "./bot-token.ts";

/** Credential forms run a bot check in the browser: without JavaScript they cannot be sent. */
export function NoScriptNotice() {
  return (
    <noscript>
      <p className="mb-4 rounded-md border border-sale/30 bg-red-50 px-3 py-2 text-sm font-medium text-sale">
        {RECAPTCHA_NOT_LOADED}
      </p>
    </noscript>
  );
}
