/**
 * The appointment reminder (spec section 2, "Reminder"): an iCalendar file built in the browser,
 * named after the appointment id, titled with the facility name, located at the facility address,
 * confirmed, with display alarms one day and one hour before. Every text value is escaped as RFC 5545
 * TEXT (lib/domain/ics-text.ts), so user text never starts a property of its own. Pure: no I/O, no
 * server call.
 */
import { createEvent, type Alarm } from 'ics';
import { icsLines, icsText } from './ics-text';

/** The appointment fields the reminder needs (times are UTC ISO instants). */
export type ReminderAppointment = { id: string; start_time: string; end_time: string };
/** The facility fields the reminder needs. */
export type ReminderFacility = { name: string; address: string | null };
/** Already translated texts: the event description, which mentions the stylist. */
export type ReminderTexts = { description: string };
/**
 * A later version of an already sent event (a moved appointment): `sequence` is RFC 5545's SEQUENCE, which
 * must grow with every change so calendars replace the event of the same UID; the file then also says
 * `METHOD:PUBLISH`. Absent: the first version (SEQUENCE 0, no METHOD), as Descargar recordatorio builds it.
 */
export type ReminderRevision = { sequence: number };

/** 2026-01-01T00:00:00Z, the origin of `revisionAt`'s count. */
const SEQUENCE_ORIGIN_MS = Date.UTC(2026, 0, 1);

/**
 * The revision of an event changed at `now` (epoch ms): its SEQUENCE is the whole seconds since
 * 2026-01-01 UTC, so every later change has a larger one without a counter to store, and it fits RFC 5545's
 * 32-bit INTEGER for 68 years.
 */
export function revisionAt(now: number): ReminderRevision {
  return { sequence: Math.max(1, Math.floor((now - SEQUENCE_ORIGIN_MS) / 1000)) };
}
/** A ready-to-download reminder. */
export type Reminder = { filename: string; ics: string };

/** Alarms of every reminder: one day and one hour before the start (spec section 9). */
export const REMINDER_ALARMS: Alarm[] = [
  { action: 'display', trigger: { days: 1, before: true } },
  { action: 'display', trigger: { hours: 1, before: true } },
];

/**
 * Builds the `.ics` reminder of an appointment (with `revision`, an update of the same event: same UID,
 * higher SEQUENCE). Returns null, and logs the reason, when the
 * appointment or the facility is missing or the event cannot be encoded.
 */
export function buildReminder(
  appointment: ReminderAppointment | null | undefined,
  facility: ReminderFacility | null | undefined,
  texts: ReminderTexts,
  revision?: ReminderRevision,
): Reminder | null {
  if (!appointment || !facility) {
    console.error('Reminder not created: missing', !appointment ? 'appointment' : 'facility');
    return null;
  }
  const { error, value } = createEvent({
    uid: appointment.id,
    productId: 'klok/reminder',
    ...(revision ? { sequence: revision.sequence, method: 'PUBLISH' } : {}),
    // User text goes through ics-text.ts: `ics` escapes these three itself but keeps a bare CR.
    title: icsLines(facility.name),
    description: icsLines(texts.description),
    ...(facility.address ? { location: icsLines(facility.address) } : {}),
    status: 'CONFIRMED',
    start: Date.parse(appointment.start_time),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(appointment.end_time),
    endInputType: 'utc',
    endOutputType: 'utc',
    // RFC 5545 wants a DESCRIPTION in every DISPLAY alarm; some calendars drop the alarm without it.
    // `ics` writes an alarm's DESCRIPTION unescaped: it gets the whole TEXT escaping here.
    alarms: REMINDER_ALARMS.map((alarm) => ({ ...alarm, description: icsText(facility.name) })),
  });
  if (error || !value) {
    console.error('Reminder not created', error);
    return null;
  }
  return { filename: `${appointment.id}.ics`, ics: fixDayDurations(value) };
}

/**
 * `ics` writes a whole-day duration as `-P1DT`, a dangling time designator RFC 5545 does not allow
 * (strict parsers drop the alarm); this trims it to `-P1D`.
 */
function fixDayDurations(ics: string): string {
  return ics.replace(/^(TRIGGER:[+-]?P(?:\d+W)?(?:\d+D))T(\r?\n)/gm, '$1$2');
}
