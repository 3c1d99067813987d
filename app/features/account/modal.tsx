// The dialogs of the account pages, on Radix Dialog: focus moves in and is trapped, Escape closes, and
// focus returns to the button that opened it.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { BusyButton } from "../../components/ui/busy-button.tsx";

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-water-950/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none ${wide ? "max-w-2xl" : "max-w-md"}`}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-water-900">{title}</Dialog.Title>
            <Dialog.Close className="-m-2 flex min-h-11 min-w-11 items-center justify-center rounded text-muted hover:text-ink">
              <X aria-hidden="true" size={20} />
              <span className="sr-only">Close dialog</span>
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mb-4 text-muted">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Are you sure?" with a cancel and a confirm button (deletes). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {error}
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Dialog.Close className="btn-secondary">Cancel</Dialog.Close>
        <BusyButton
          type="button"
          busy={busy}
          busyLabel="Deleting..."
          onClick={onConfirm}
          className="btn-primary bg-sale hover:bg-red-600"
        >
          {confirmLabel}
        </BusyButton>
      </div>
    </Modal>
  );
}
