/** Toasts of the management screens close after 4 s (spec section 9). */
export const SERVICES_TOAST_MS = 4000;
