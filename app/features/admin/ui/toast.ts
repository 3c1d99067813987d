// Short confirmations after an action ("Saved", "Staff member disabled"): the store's toasts, which the
// admin layout shows. `toast.success(message)`, `toast.error(message)`.
export { toast } from "../../../components/toasts.tsx";
export { Notice } from "../../../components/ui/notice.tsx";
