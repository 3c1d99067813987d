// "Are you sure?" before a change that is hard to undo (disable a member, delete, refund): Radix Dialog,
// so focus is trapped, Escape closes and focus returns to the button that opened it.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import { Notice } from "../../../components/ui/notice.tsx";
import { messageOf } from "./admin-api.ts";

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel = "Working...",
  danger = false,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  /** Red confirm button (disable, delete, refund). */
  danger?: boolean;
  /** Runs the change; a thrown error is shown in the dialog, which stays open. Closes on success. */
  onConfirm: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (failure) {
      setError(messageOf(failure, "That did not work. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-water-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none">
          <div className="mb-3 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-water-900">{title}</Dialog.Title>
            <Dialog.Close className="-m-2 flex min-h-11 min-w-11 items-center justify-center rounded text-muted hover:text-ink">
              <X aria-hidden="true" size={20} />
              <span className="sr-only">Close dialog</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-muted">{description}</Dialog.Description>
          {children}
          {error ? <Notice tone="danger">{error}</Notice> : null}
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
            <BusyButton
              type="button"
              busy={busy}
              busyLabel={busyLabel}
              onClick={confirm}
              className={danger ? "btn-primary bg-sale hover:bg-red-600" : "btn-primary"}
            >
              {confirmLabel}
            </BusyButton>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
