/** Saves a reminder file in the browser through a Blob (spec: no server call). */
import { buildReminder, type ReminderAppointment, type ReminderFacility, type ReminderTexts } from '@/lib/domain/reminder';

/** Builds the appointment's `.ics` reminder and downloads it; does nothing (the builder logs) when data is missing. */
export function downloadReminder(
  appointment: ReminderAppointment | null | undefined,
  facility: ReminderFacility | null | undefined,
  texts: ReminderTexts,
): void {
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
