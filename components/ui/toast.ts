/**
 * The one way to show a toast. Toasts of the staff screens (agenda, staff wizards and management) close
 * after 4 s; the client's keep 5 s (spec section 9). sonner loads right after the first view (the Toaster,
 * components/ui/toaster.tsx, asks for it on mount), not in any page's first-load JavaScript; a toast asked
 * before it arrives shows once it has.
 */
import { errorMessageOf } from '@/lib/api-client/fetcher';

/** sonner, one module shared by the Toaster and these calls; a failed load (offline before it came) drops the toast. */
const withSonner = (show: (sonner: typeof import('sonner')) => void) => void import('sonner').then(show, () => undefined);

export const STAFF_TOAST_MS = 4000;
export const CLIENT_TOAST_MS = 5000;

/** How long a toast stays, in ms; STAFF_TOAST_MS unless given. */
export type ToastOptions = { duration?: number };

/** A success toast (e.g. Servicio eliminado). */
export function toastSuccess(message: string, options: ToastOptions = {}): void {
  withSonner(({ toast }) => toast.success(message, { duration: options.duration ?? STAFF_TOAST_MS }));
}

/**
 * An error toast (e.g. Error al eliminar el servicio); with `err`, the server's message (when the failure
 * carries one) shows under the title.
 */
export function toastError(message: string, err?: unknown, options: ToastOptions = {}): void {
  const description = err === undefined ? '' : errorMessageOf(err, '');
  withSonner(({ toast }) => toast.error(message, { description: description || undefined, duration: options.duration ?? STAFF_TOAST_MS }));
}

/** A plain toast with a title and an optional line under it (e.g. a push received while the app is open). */
export function toastMessage(title: string, description?: string, options: ToastOptions = {}): void {
  withSonner(({ toast }) => toast(title, { description, duration: options.duration ?? CLIENT_TOAST_MS }));
}
