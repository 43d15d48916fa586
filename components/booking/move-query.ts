/**
 * The query of the Cambiar hora flow (`/move/appointment?appointment=&date=`): which appointment to move
 * and the Madrid date the agenda lists it on. Pure, so the server page and the agenda dialog share it.
 */
import { isValidDate } from '@/lib/domain/time';

/** The appointment to move: its id (UUID) and its Madrid date (YYYY-MM-DD). */
export type MoveTarget = { appointment: string; date: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path of the Cambiar hora flow for an appointment. */
export function moveHref(target: MoveTarget): string {
  return `/move/appointment?${new URLSearchParams(target).toString()}`;
}

/** Reads `appointment` and `date` from the page query; null when either is missing or malformed. */
export function parseMoveQuery(query: Record<string, string | string[] | undefined>): MoveTarget | null {
  const appointment = typeof query.appointment === 'string' ? query.appointment.trim() : '';
  const date = typeof query.date === 'string' ? query.date : '';
  if (!UUID.test(appointment) || !isValidDate(date)) return null;
  return { appointment: appointment.toLowerCase(), date };
}
