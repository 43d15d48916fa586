/**
 * Toasts of the staff screens (agenda, staff wizards and management) close after 4 s; the client's keep
 * sonner's default of 5 s (spec section 9).
 */
import { lazyToast } from './lazy-toast';
import { errorMessageOf } from '@/lib/api-client/fetcher';

export const STAFF_TOAST_MS = 4000;

/** A success toast of a staff screen (e.g. Servicio eliminado). */
export function toastSuccess(message: string): void {
  lazyToast.success(message, { duration: STAFF_TOAST_MS });
}

/**
 * An error toast of a staff screen (e.g. Error al eliminar el servicio); with `err`, the server's message
 * (when the failure carries one) shows under the title.
 */
export function toastError(message: string, err?: unknown): void {
  const description = err === undefined ? '' : errorMessageOf(err, '');
  lazyToast.error(message, { description: description || undefined, duration: STAFF_TOAST_MS });
}
