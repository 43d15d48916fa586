/** Saves a reminder file in the browser through a Blob (spec: no server call). */
import type { ReminderAppointment, ReminderFacility, ReminderTexts } from '@/lib/domain/reminder';

/**
 * Builds the appointment's `.ics` reminder as the revision of `now` (epoch ms) and downloads it; does
 * nothing (the builder logs) when data is missing. The revision makes a file downloaded after the salon
 * moved the appointment an update of the same calendar event (same UID, a SEQUENCE above the "ha cambiado"
 * e-mail's), so a calendar that has the old time replaces it.
 * The iCalendar builder (the `ics` package and its validator) loads on the first click, not with
 * the page (first-load JS budget).
 */
export async function downloadReminder(
  appointment: ReminderAppointment | null | undefined,
  facility: ReminderFacility | null | undefined,
  texts: ReminderTexts,
  now: number,
): Promise<void> {
  const { buildReminder, revisionAt } = await import('@/lib/domain/reminder');
  const reminder = buildReminder(appointment, facility, texts, revisionAt(now));
  if (!reminder) return;
  const url = URL.createObjectURL(new Blob([reminder.ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reminder.filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
