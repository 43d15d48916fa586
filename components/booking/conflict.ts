/** Addresses the booking wizards go to when they finish. Pure. */

/** The agenda address that opens a date and highlights an event (`/?date=YYYY-MM-DD&eventId=…`). */
export function agendaHref(date: string, eventId: string): string {
  return `/?${new URLSearchParams({ date, eventId }).toString()}`;
}
