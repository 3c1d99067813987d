import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ExitIntentOffer } from "./exit-intent-popup.tsx";

/**
 * The popup itself: 'FIRST ORDER SPECIAL' over the configured image,
 * the discount message and code. Radix traps focus, closes on Escape and on the close icon, and hands
 * focus back. Layer 10000.
 */
export default function ExitIntentDialog({
  open,
  onOpenChange,
  offer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: ExitIntentOffer;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-water-950/60" style={{ zIndex: "var(--z-modal)" }} />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-water-900 text-white shadow-2xl focus:outline-none"
          style={{ zIndex: "var(--z-modal)" }}
          data-testid="exit-intent-popup"
        >
          <div className="relative">
            <img
              src={offer.backgroundImageUrl}
              alt=""
              width={640}
              height={360}
              className="absolute inset-0 h-full w-full object-cover"
            />
            {/* Keeps the text readable whatever the image. */}
            <div aria-hidden="true" className="absolute inset-0 bg-water-950/70" />
            <div className="relative px-6 pt-10 pb-8 text-center sm:px-10">
              <Dialog.Title className="text-sm font-extrabold tracking-[0.2em] text-aqua-100">
                FIRST ORDER SPECIAL
              </Dialog.Title>
              <Dialog.Description className="mt-3 text-3xl font-extrabold leading-tight">
                {offer.discountMessage}
              </Dialog.Description>
              <p className="mt-5 text-base">Use code at checkout:</p>
              <p className="part-number mt-2 inline-block rounded-md border-2 border-dashed border-white bg-white/10 px-5 py-2 text-2xl font-bold tracking-widest">
                {offer.discountCode}
              </p>
              <p className="mt-5 text-sm text-slate-200">Note: One Redemption Per Account/IP Address Only</p>
              <Dialog.Close className="btn-primary mt-6">Shop now</Dialog.Close>
            </div>
            <Dialog.Close
              className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full text-white hover:bg-white/15"
              aria-label="Close"
            >
              <X aria-hidden="true" size={22} />
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
