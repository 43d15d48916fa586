/**
 * The one way to show a toast. Toasts of the staff screens (agenda, staff wizards and management) close
 * after 4 s; the client's keep 5 s (spec section 9). sonner is part of the shell bundle
 * (components/ui/toaster.tsx), so a toast shows from the first failure of a session, offline too.
 */
import { toast } from 'sonner';
import { errorMessageOf } from '@/lib/api-client/fetcher';

export const STAFF_TOAST_MS = 4000;
export const CLIENT_TOAST_MS = 5000;

/** How long a toast stays, in ms; STAFF_TOAST_MS unless given. */
export type ToastOptions = { duration?: number };

/** A success toast (e.g. Servicio eliminado). */
export function toastSuccess(message: string, options: ToastOptions = {}): void {
  toast.success(message, { duration: options.duration ?? STAFF_TOAST_MS });
}

/**
 * An error toast (e.g. Error al eliminar el servicio); with `err`, the server's message (when the failure
 * carries one) shows under the title.
 */
export function toastError(message: string, err?: unknown, options: ToastOptions = {}): void {
  const description = err === undefined ? '' : errorMessageOf(err, '');
  toast.error(message, { description: description || undefined, duration: options.duration ?? STAFF_TOAST_MS });
}

/** A plain toast with a title and an optional line under it (e.g. a push received while the app is open). */
export function toastMessage(title: string, description?: string, options: ToastOptions = {}): void {
  toast(title, { description, duration: options.duration ?? CLIENT_TOAST_MS });
}
