/**
 * No-shows without a card (beyond-the-spec section 3, "Fiabilidad"): an appointment's attendance and when
 * staff may mark it, a client account's reliability tier over the last 12 months, who is refused online and
 * whose unconfirmed appointments are released (the timeline of confirm-or-release is ./confirmation). Pure,
 * instants in epoch ms; no other module, so Mis citas and the wizard can read who may book.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The tiers of the contract, from the best standing to the worst. */
export const RELIABILITY_TIERS = ['nuevo', 'fiable', 'en_observacion', 'restringido', 'bloqueado'] as const;
export type ReliabilityTier = (typeof RELIABILITY_TIERS)[number];

/** What staff mark on a past appointment: "Vino" or "No vino" (null: not marked). */
export type Attendance = 'attended' | 'no_show' | null;

/** An unmarked appointment counts as attended this long after its end. */
export const ATTENDED_AFTER_MS = 48 * HOUR_MS;
/** Staff may set, change or clear a mark until this long after the appointment's end ("undo for 7 days"). */
export const MARK_WINDOW_MS = 7 * 24 * HOUR_MS;

/**
 * How an appointment counts for reliability at `now`: its mark when marked; an unmarked pending one as
 * `attended` once ATTENDED_AFTER_MS have passed since its end, else `unknown` (still to come, or waiting
 * for its mark); a cancelled one not at all (null).
 */
export function effectiveAttendance(
  a: { status: 'pending' | 'cancelled'; attendance: Attendance; end: number },
  now: number,
): 'attended' | 'no_show' | 'unknown' | null {
  return attendanceOf({ status: a.status, attendance: a.attendance, settled: a.end <= settledEndAt(now) });
}

/**
 * The latest end (epoch ms) an unmarked appointment may have to count as attended at `now`: ATTENDED_AFTER_MS
 * earlier. A query compares `end_at <= settledEndAt(now)` to know which side of that line a row lies on.
 */
export function settledEndAt(now: number): number {
  return now - ATTENDED_AFTER_MS;
}

/**
 * `effectiveAttendance` with the end already compared (`settled`: ATTENDED_AFTER_MS have passed since the
 * end), for rows a query grouped by that comparison: the mark when marked; unmarked and pending, `attended`
 * once settled, else `unknown`; cancelled, null.
 */
export function attendanceOf(a: { status: 'pending' | 'cancelled'; attendance: Attendance; settled: boolean }): 'attended' | 'no_show' | 'unknown' | null {
  if (a.status === 'cancelled') return null;
  if (a.attendance) return a.attendance;
  return a.settled ? 'attended' : 'unknown';
}

/**
 * Why staff may not set (or change, or clear) the attendance of an appointment at `now`, or null when they
 * may: `notStarted` before its start, `cancelled` for a cancelled one (both 409 in the contract), `markClosed`
 * once MARK_WINDOW_MS have passed since its end.
 */
export function attendanceMarkError(
  a: { status: 'pending' | 'cancelled'; start: number; end: number },
  now: number,
): 'notStarted' | 'cancelled' | 'markClosed' | null {
  if (a.status === 'cancelled') return 'cancelled';
  if (now < a.start) return 'notStarted';
  if (now > a.end + MARK_WINDOW_MS) return 'markClosed';
  return null;
}

/** The first instant of the reliability window ending at `now`: the same UTC instant 12 months earlier. */
export function reliabilityWindowStart(now: number): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
}

/** The counts of an account (its sub-users included) over the reliability window. */
export type ReliabilityCounts = { attended: number; noShows: number; lateCancellations: number; blocked: boolean };

/**
 * The tier of a client account: `bloqueado` when staff blocked its online bookings; `restringido` with 2 or
 * more no-shows; `en_observacion` with 1 no-show or 2 or more late cancellations; `fiable` with an attended
 * visit; else `nuevo`.
 */
export function reliabilityTier(c: ReliabilityCounts): ReliabilityTier {
  if (c.blocked) return 'bloqueado';
  if (c.noShows >= 2) return 'restringido';
  if (c.noShows === 1 || c.lateCancellations >= 2) return 'en_observacion';
  if (c.attended >= 1) return 'fiable';
  return 'nuevo';
}

/** True when the tier's client is refused online (403 `booking_restricted`); staff still book for it. */
export const restrictsOnlineBooking = (tier: ReliabilityTier): boolean => tier === 'restringido' || tier === 'bloqueado';

/** True when an unconfirmed appointment of the tier's client is released at the cut-off (else only marked). */
export const releasedWhenUnconfirmed = (tier: ReliabilityTier): boolean => tier === 'nuevo' || tier === 'en_observacion' || tier === 'restringido';
