/** A count badge with its spoken form (e.g. `3 novedades sin ver`). */
export type MenuBadge = { count: number; label: string };

/** The badge's text: the count, or `99+`. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
