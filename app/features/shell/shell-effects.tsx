import { type ExitIntentOffer, ExitIntentPopup } from "./exit-intent-popup.tsx";
import { LiveVisitsClient } from "./live-visits-client.tsx";
import { RouteChangeEffects } from "./route-change-effects.tsx";

/** What every page does besides rendering; mounted once in the root layout. */
export function ShellEffects({
  gTagId,
  signedIn,
  exitIntentOffer,
}: {
  gTagId: string;
  signedIn: boolean;
  exitIntentOffer: ExitIntentOffer | null;
}) {
  return (
    <>
      <RouteChangeEffects gTagId={gTagId} />
      <ExitIntentPopup offer={exitIntentOffer} signedIn={signedIn} />
      <LiveVisitsClient />
    </>
  );
}
