// "Delete" on a review or question in the back office: asks first (rejecting is the way to keep one out
// of sight), deletes it for good, tells staff and reloads the list.
import { useState } from "react";
import { useRevalidator } from "react-router";
import { adminApi } from "../ui/admin-api.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { toast } from "../ui/toast.ts";

export function ModerationDelete({
  kind,
  id,
  description,
  disabled,
}: {
  kind: "review" | "question";
  id: number;
  /** What goes, in the confirmation. */
  description: string;
  disabled: boolean;
}) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className="min-h-9 rounded-md px-3 text-sm font-semibold text-sale hover:bg-red-50"
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete this ${kind}?`}
        description={`${description} Rejecting keeps it out of sight instead.`}
        confirmLabel={`Delete ${kind}`}
        busyLabel="Deleting..."
        danger
        onConfirm={async () => {
          await adminApi(`/api/admin/${kind}s/${id}`, { method: "DELETE" });
          toast.success(kind === "review" ? "Review deleted." : "Question deleted.");
          await revalidator.revalidate();
        }}
      />
    </>
  );
}
