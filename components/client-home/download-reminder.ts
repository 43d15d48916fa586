/** Saves a reminder file in the browser through a Blob (spec: no server call). */
import type { ReminderAppointment, ReminderFacility, ReminderTexts } from '@/lib/domain/reminder';

/**
 * Builds the appointment's `.ics` reminder and downloads it; does nothing (the builder logs) when data is missing.
 * The iCalendar builder (the `ics` package and its validator) loads on the first click, not with
 * the page (first-load JS budget).
 */
export async function downloadReminder(
  appointment: ReminderAppointment | null | undefined,
  facility: ReminderFacility | null | undefined,
  texts: ReminderTexts,
): Promise<void> {
  const { buildReminder } = await import('@/lib/domain/reminder');
  const reminder = buildReminder(appointment, facility, texts);
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
