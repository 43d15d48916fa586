/**
 * An element factory with `createElement`'s signature: React's, or the one FullCalendar hands its content
 * hooks (its own preact). Markup written against it renders in either tree: the agenda's events and
 * column headers are built with FullCalendar's, so they render inside the calendar with no React portal.
 */
export type ElementFactory = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
