// /recover-account: "Forgot your password?". Works with the account's address or with its confirmed
// recovery e-mail (when the account's own mailbox is lost). The answer is the same for any address.
import { EmailLinkRequest } from "../features/account/email-link-request.tsx";
import { accountMeta, storeNameOf } from "../features/account/use-async-action.ts";
import type { Route } from "./+types/account-recover";

/** What this page shows is the visitor's (loaded in the browser): the page cache never keeps it. */
export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Reset your password", storeNameOf(matches));

export default function RecoverAccount() {
  return (
    <EmailLinkRequest
      title="Reset your password"
      intro="Enter your account's e-mail address, or the recovery e-mail you confirmed, and we will send a link to choose a new password."
      fieldId="recover-email"
      botAction="recover"
      endpoint="/api/auth/recover"
      submitLabel="Send the link"
      signInPrompt="Remembered it?"
    />
  );
}
