/**
 * The open modal dialogs, innermost last. A modal `<dialog>` (showModal) draws in the browser's top layer and
 * makes the rest of the page inert, so whatever must stay visible and usable over it (the toasts) renders
 * inside the innermost open one.
 */
let open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/** Records `dialog` as the innermost open modal. */
export function modalOpened(dialog: HTMLDialogElement): void {
  open = [...open.filter((d) => d !== dialog), dialog];
  notify();
}

/** Forgets `dialog` (closed or unmounted). */
export function modalClosed(dialog: HTMLDialogElement): void {
  if (!open.includes(dialog)) return;
  open = open.filter((d) => d !== dialog);
  notify();
}

/** Subscribes to changes of the open modals (useSyncExternalStore); returns the unsubscribe function. */
export function subscribeModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The innermost open modal dialog, or null when none is open. */
export function innermostModal(): HTMLDialogElement | null {
  return open.at(-1) ?? null;
}
