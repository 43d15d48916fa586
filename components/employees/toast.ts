/** Management toasts auto-close after 4 s (spec section 9), like the agenda's. */
export const MANAGEMENT_TOAST_MS = 4000;
