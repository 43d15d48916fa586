/**
 * Date texts of the client home's appointment cards (spec section 9: `lunes, 23 de noviembre a las 10:00`,
 * Europe/Madrid) with the browser's own Intl instead of luxon, so Mis citas ships no date library
 * (first-load JS budget). The same texts as lib/format's `longDateOf` and `timeOf` (checked in dates.test.ts).
 */
const ZONE = 'Europe/Madrid';

const DAY = new Intl.DateTimeFormat('es-ES', { timeZone: ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const TIME = new Intl.DateTimeFormat('es-ES', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const instantOf = (instant: string | number) => (typeof instant === 'number' ? new Date(instant) : new Date(instant));

/** `lunes, 23 de noviembre`: the Madrid date of an instant (UTC ISO string or epoch ms). */
export function cardDate(instant: string | number): string {
  const parts = DAY.formatToParts(instantOf(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} de ${part('month')}`;
}

/** `10:00`: the Madrid wall-clock time of an instant. */
export function cardTime(instant: string | number): string {
  const parts = TIME.formatToParts(instantOf(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}`;
}
