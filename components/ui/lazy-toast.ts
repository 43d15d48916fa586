/**
 * Toasts without sonner in the first-load JavaScript: sonner loads after the page is
 * interactive (components/ui/lazy-toaster.tsx mounts its Toaster then) or at the first toast, whichever comes
 * first; both resolve to the same module, so a toast shown here reaches the mounted Toaster.
 */
import type { ExternalToast } from 'sonner';

type Toast = typeof import('sonner').toast;

let sonner: Promise<Toast> | null = null;

/** sonner's `toast`, loaded once. */
export function loadToast(): Promise<Toast> {
  sonner ??= import('sonner').then((m) => m.toast);
  return sonner;
}

const show = (run: (toast: Toast) => unknown) => {
  loadToast().then(run, (err: unknown) => console.error('Toasts could not be loaded', err));
};

/** `toast`, `toast.success` and `toast.error` of sonner, shown as soon as sonner is loaded. */
export const lazyToast = {
  message: (title: string, data?: ExternalToast) => show((toast) => toast(title, data)),
  success: (title: string, data?: ExternalToast) => show((toast) => toast.success(title, data)),
  error: (title: string, data?: ExternalToast) => show((toast) => toast.error(title, data)),
};
