// /start-verification: ask for a new confirmation link. The answer never says whether the address has
// an account.
import { EmailLinkRequest } from "../features/account/email-link-request.tsx";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/account-start-verification";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Confirm your e-mail address", storeNameOf(matches));

export default function StartVerification() {
  return (
    <EmailLinkRequest
      title="Confirm your e-mail address"
      intro="Enter the address you signed up with and we will send a new confirmation link. The link works once, for 24 hours."
      fieldId="verification-email"
      botAction="verification"
      endpoint="/api/auth/verification"
      submitLabel="Send a new link"
      signInPrompt="Already confirmed?"
    />
  );
}
