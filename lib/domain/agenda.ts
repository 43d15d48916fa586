/**
 * Rules of the staff agenda (spec sections 2 "Agenda", 3 "Calendar event", 4 and 5): visible ranges,
 * date navigation, the agenda API days turned into calendar events, resource order, off-shift hours
 * and slot-selection checks. Pure: no React, no fetch, no FullCalendar import (the shapes returned
 * are plain objects FullCalendar accepts as event, resource and business-hours inputs).
 */
import { isUnconfirmed, type Confirmation } from './confirmation';
import type { ReliabilityTier } from './reliability';
import { walkInStart } from './availability';
import { shiftOfDate, type ShiftLike, type SpecialDayLike, type WeekDayLike } from './schedule';
import { addDays, datesBetween, DAY_MS, isoUtc, madridDate, madridLocalMs, madridWallClock, MINUTE_MS, mondayOf, overlaps, parseHHmm, weekdayOf } from './time';

export { shiftOfDate };

/** A shift with its id, as the API lists it. */
export type ShiftRange = ShiftLike & { id?: string };

/** The busy part of an appointment (UTC ISO instants). */
export type BusySlot = { start_time: string; end_time: string };

/** A service of a visit as the agenda lists it (structurally the API's `VisitPart`). */
export type AgendaVisitPart = {
  id: string;
  service_name: string;
  employee_id: string;
  employee_name: string;
  start_time: string;
  end_time: string;
};

/**
 * The appointment fields the agenda reads (structurally the API's `Appointment`; the domain depends on
 * nothing above it, so the shapes it needs are declared here).
 */
export type AgendaAppointment = {
  id: string;
  type: 'appointment';
  employee_id: string;
  employee_name: string;
  client_id: string;
  client_name: string;
  is_guest: boolean;
  service_name: string;
  service_price: number;
  date: string;
  start_time: string;
  end_time: string;
  status: 'pending' | 'cancelled';
  created_by: string;
  created_by_role: 'client' | 'staff';
  notes: string | null;
  busy_slots: BusySlot[];
  /** Staff's "Vino" / "No vino" (beyond-the-spec section 3); null while unmarked. */
  attendance: 'attended' | 'no_show' | null;
  /** Confirm or release (beyond-the-spec section 3), with the cut-off (UTC ISO) of a pending one. */
  confirmation: Confirmation;
  confirmation_cutoff_time: string | null;
  /** The client account's reliability tier (pending appointments of clients; beyond-the-spec section 3). */
  client_tier?: ReliabilityTier;
  /** A service of a visit of two or more (beyond-the-spec section 2): its place by start and the visit's services. */
  visit?: { position: number; size: number; parts: AgendaVisitPart[] };
};

/** The leave fields the agenda reads (structurally the API's `Leave`). */
export type AgendaLeave = {
  id: string;
  type: 'leave';
  employee_id: string;
  employee_name: string;
  date: string;
  start_time: string;
  end_time: string;
  notes: string | null;
  created_by: string;
};

/** One stylist on one Madrid date (structurally the API's `AgendaDay`). */
export type AgendaDay<A extends AgendaAppointment = AgendaAppointment, L extends AgendaLeave = AgendaLeave> = {
  date: string;
  employee_id: string;
  employee_name: string;
  available: boolean;
  special: boolean;
  notes: string;
  shift: ShiftRange[];
  appointments: (A | L)[];
};

/** The `obj` of an all-day shift entry: the day's working hours, as a pending record. */
export type AgendaShiftInfo = Omit<AgendaDay, 'appointments'> & {
  type: 'shift';
  status: 'pending';
  /** End of the Madrid day (UTC ISO), so past checks work as for the other records. */
  end_time: string;
};

/** The stylist fields the agenda needs (`GET /facility/1/employees`). */
export type AgendaEmployee = {
  email: string;
  name: string;
  color: string | null;
  avatar: string | null;
  week_shifts: WeekDayLike<ShiftRange>[];
  special_shifts: SpecialDayLike<ShiftRange>[];
};

// ---------- Calendar shapes ----------

export type AgendaView = 'day' | 'week';
export type AgendaEventType = 'appointment' | 'leave' | 'shift';

/** A calendar event (spec section 3, "Calendar event"), as a FullCalendar event input. */
export type AgendaEvent = {
  /** Unique per calendar element: the record id, `id:n` for part n, `shift:email:date` for shifts. */
  id: string;
  resourceId: string;
  title: string;
  /** UTC ISO instant, or YYYY-MM-DD for all-day entries. */
  start: string;
  end: string;
  allDay: boolean;
  classNames: string[];
  backgroundColor?: string;
  borderColor?: string;
  textColor?: string;
  /** Draggable in time (a pending appointment that has not ended); never resizable. */
  startEditable?: boolean;
  /** Draggable to another stylist's column (as `startEditable`). */
  resourceEditable?: boolean;
  durationEditable?: false;
  extendedProps: {
    /** The record id (appointment or leave id; the shift entry's own id). */
    eventId: string;
    type: AgendaEventType;
    /** `1/2`, `2/2`… for parts of a multi-part appointment. */
    part?: string;
    /** `Visita 1/2`, `Visita 2/2`… for the services of a visit of two or more (`AgendaTexts.visit`). */
    visit?: string;
    /** The appointment's marks (`AgendaTexts.marks`): its client's tier when worth a look, "Sin confirmar". */
    marks?: string[];
    past: boolean;
    obj: AgendaAppointment | AgendaLeave | AgendaShiftInfo;
  };
};

/**
 * Texts the events carry (from the screen's messages): the leave's title, a closed day's, the label of a
 * service of a visit from its position and the visit's size, and the marks of an appointment (beyond-the-spec
 * section 3): a tier's label and "Sin confirmar".
 */
export type AgendaTexts = {
  leave: string;
  closed: string;
  visit: (position: number, size: number) => string;
  marks?: { tier: (tier: ReliabilityTier) => string; unconfirmed: string };
};

/**
 * The marks of a pending appointment at `now`: its client's tier unless `fiable` (a new client, one under
 * observation, restricted or blocked deserves a look), then "Sin confirmar" when its cut-off passed unconfirmed.
 */
export function appointmentMarks(a: AgendaAppointment, now: Instant, texts: AgendaTexts['marks']): string[] {
  if (!texts) return [];
  const marks: string[] = [];
  if (a.client_tier && a.client_tier !== 'fiable') marks.push(texts.tier(a.client_tier));
  if (isUnconfirmed({ confirmation: a.confirmation, cutoff: a.confirmation_cutoff_time }, ms(now))) marks.push(texts.unconfirmed);
  return marks;
}

/** Colours of spec section 9. */
export const LEAVE_COLOR = '#bdbdbd';
export const FALLBACK_EMPLOYEE_COLOR = '#cccccc';
export const SHIFT_COLOR = '#f3ecf0';
export const SHIFT_TEXT_COLOR = '#4a3d45';

/** CSS classes of events (styled by the agenda stylesheet). */
export const EVENT_CLASS = {
  base: 'agenda-event',
  appointment: 'agenda-event--appointment',
  leave: 'agenda-event--leave',
  shift: 'agenda-event--shift',
  /** 4 px blue left border of a part of a multi-part appointment. */
  part: 'agenda-event--part',
  /** Dimmed: `filter: brightness(0.8)`. */
  past: 'agenda-event--past',
  /** Dashed outline: past its confirmation cut-off, still unconfirmed ("Sin confirmar"). */
  unconfirmed: 'agenda-event--unconfirmed',
} as const;

/** A storage key and its default (spec section 3, "Local persisted setting"). */
export const AGENDA_STORAGE_KEY = 'agenda-storage';
/** localStorage key of the stylists hidden in Configuración (a JSON array of e-mails). */
export const HIDDEN_STYLISTS_KEY = 'agenda-hidden-stylists';
export const DEFAULT_VIEW: AgendaView = 'day';

// ---------- Time helpers ----------

type Instant = string | number | Date;

const ms = (t: Instant): number => (typeof t === 'number' ? t : typeof t === 'string' ? Date.parse(t) : t.getTime());

/** True when two ranges share time; ranges that only touch (one ends when the other starts) do not. */
export function rangesOverlap(a: { start: Instant; end: Instant }, b: { start: Instant; end: Instant }): boolean {
  return overlaps({ start: ms(a.start), end: ms(a.end) }, { start: ms(b.start), end: ms(b.end) });
}

/**
 * True when an event ended before `now` (end exactly now is not yet past): the one rule of "past" for the
 * agenda's dimming and dialogs and for the server's refusal to cancel an appointment or unblock a slot.
 */
export function isPast(end: Instant, now: Instant): boolean {
  return ms(end) < ms(now);
}

/**
 * "¿Vinieron?" (beyond-the-spec section 3): the appointments of the Madrid date `today` among `days` that
 * have started at `now` (epoch ms or ISO), are pending and have no attendance mark yet, by start.
 */
export function awaitingAttendance<A extends AgendaAppointment>(days: readonly AgendaDay<A>[], today: string, now: Instant): A[] {
  const at = ms(now);
  return days
    .filter((d) => d.date === today)
    .flatMap((d) => d.appointments)
    .filter((r): r is A => r.type === 'appointment' && r.status === 'pending' && r.attendance === null && ms(r.start_time) <= at)
    .sort((a, b) => ms(a.start_time) - ms(b.start_time));
}

/** The Monday..Sunday week (Madrid dates) holding `date`. */
export function weekRange(date: string): { start: string; end: string } {
  const monday = mondayOf(date);
  return { start: monday, end: addDays(monday, 6) };
}

/** The dates the agenda shows and loads: that date in day view, its Monday..Sunday in week view. */
export function visibleRange(date: string, view: AgendaView): { start: string; end: string } {
  return view === 'week' ? weekRange(date) : { start: date, end: date };
}

/** Every Madrid date of an inclusive range. */
export function datesOf(range: { start: string; end: string }): string[] {
  return datesBetween(range.start, range.end);
}

/** Previous/next: ±1 day in day view, ±7 days in week view. */
export function shiftDate(date: string, view: AgendaView, dir: 1 | -1): string {
  return addDays(date, dir * (view === 'week' ? 7 : 1));
}

/** The stored view (`{"view":"day"|"week"}`), or the default for a missing or malformed value. */
export function parseStoredView(raw: string | null | undefined): AgendaView {
  if (!raw) return DEFAULT_VIEW;
  try {
    const v = (JSON.parse(raw) as { view?: unknown } | null)?.view;
    return v === 'week' || v === 'day' ? v : DEFAULT_VIEW;
  } catch {
    return DEFAULT_VIEW;
  }
}

/** The stored hidden stylists (a JSON array of e-mails); none for a missing or malformed value. */
export function parseStoredHidden(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

// ---------- Shifts ----------

/** `09:30–14:00 · 16:00–20:00` (shifts ordered by opening time). */
export function shiftLabel(shift: ShiftRange[]): string {
  return [...shift]
    .sort((a, b) => a.open.localeCompare(b.open))
    .map((s) => `${s.open}–${s.close}`)
    .join(' · ');
}

/** The title of an all-day shift entry: the hours, or the closed text (and the special day's notes). */
export function shiftTitle(info: Pick<AgendaShiftInfo, 'available' | 'shift' | 'notes'>, closed: string): string {
  const notes = info.notes?.trim();
  const base = info.available && info.shift.length > 0 ? shiftLabel(info.shift) : closed;
  return notes ? `${base} · ${notes}` : base;
}

/** A FullCalendar business-hours entry. */
export type BusinessHoursInput = { daysOfWeek: number[]; startTime: string; endTime: string };

/**
 * Off-shift shading of one stylist for the visible dates, as FullCalendar resource `businessHours`.
 * The visible range holds each weekday at most once (a day, or one Monday..Sunday week), so a recurring
 * entry per weekday describes each visible date exactly — special shifts of a date included, with no
 * background-event approximation. A closed date gets a one-minute window at midnight (outside the
 * 07:00–24:00 grid), because FullCalendar shades nothing at all when a resource has no entries.
 */
export function businessHoursFor(
  employee: Pick<AgendaEmployee, 'week_shifts' | 'special_shifts'>,
  dates: string[],
): BusinessHoursInput[] {
  const out: BusinessHoursInput[] = [];
  for (const date of dates) {
    const dow = weekdayOf(date);
    const { shift } = shiftOfDate(employee, date);
    if (shift.length === 0) out.push({ daysOfWeek: [dow], startTime: '00:00', endTime: '00:01' });
    for (const s of shift) out.push({ daysOfWeek: [dow], startTime: s.open, endTime: s.close });
  }
  return out;
}

// ---------- Events ----------

const nextDate = (date: string) => addDays(date, 1);

/**
 * The agenda days as calendar events: an all-day entry per stylist and date with the working hours;
 * each pending appointment (one event per part, titled `(i/n)`, when it has more than one busy part), a
 * service of a visit of two or more labelled with `texts.visit` (`Visita 1/2`) on each of its events;
 * each leave, grey and titled with the leave text. Cancelled appointments are left out. Events that
 * ended before `now` are flagged past (dimmed).
 */
export function daysToEvents(
  days: AgendaDay[],
  now: Instant,
  texts: AgendaTexts,
): AgendaEvent[] {
  const out: AgendaEvent[] = [];
  const seen = new Set<string>();
  for (const d of days) {
    const nextStart = madridWallClock(d.date, 1440);
    const endOfDay = Number.isNaN(nextStart) ? '' : isoUtc(nextStart);
    const info: AgendaShiftInfo = {
      type: 'shift',
      status: 'pending',
      date: d.date,
      employee_id: d.employee_id,
      employee_name: d.employee_name,
      available: Boolean(d.available) && d.shift.length > 0,
      special: Boolean(d.special),
      notes: d.notes ?? '',
      shift: d.shift,
      end_time: endOfDay,
    };
    const shiftId = `shift:${d.employee_id}:${d.date}`;
    const shiftPast = isPast(endOfDay, now);
    out.push({
      id: shiftId,
      resourceId: d.employee_id,
      title: shiftTitle(info, texts.closed),
      start: d.date,
      end: nextDate(d.date),
      allDay: true,
      classNames: [EVENT_CLASS.base, EVENT_CLASS.shift, ...(shiftPast ? [EVENT_CLASS.past] : [])],
      backgroundColor: SHIFT_COLOR,
      borderColor: SHIFT_COLOR,
      textColor: SHIFT_TEXT_COLOR,
      ...FIXED,
      extendedProps: { eventId: shiftId, type: 'shift', past: shiftPast, obj: info },
    });

    for (const rec of d.appointments) {
      // An appointment spanning midnight may be listed on two dates: keep one copy.
      if (seen.has(rec.id)) continue;
      seen.add(rec.id);
      if (rec.type === 'leave') {
        const past = isPast(rec.end_time, now);
        out.push({
          id: rec.id,
          resourceId: rec.employee_id,
          title: texts.leave,
          start: rec.start_time,
          end: rec.end_time,
          allDay: false,
          classNames: [EVENT_CLASS.base, EVENT_CLASS.leave, ...(past ? [EVENT_CLASS.past] : [])],
          backgroundColor: LEAVE_COLOR,
          borderColor: LEAVE_COLOR,
          textColor: '#212121',
          ...FIXED,
          extendedProps: { eventId: rec.id, type: 'leave', past, obj: rec },
        });
        continue;
      }
      if (rec.status === 'cancelled') continue;
      const visit = rec.visit ? texts.visit(rec.visit.position, rec.visit.size) : undefined;
      const title = `${rec.client_name} · ${rec.service_name}`;
      const withVisit = (t: string) => (visit ? `${t} · ${visit}` : t);
      const parts = rec.busy_slots ?? [];
      const drag = movable(rec, now);
      const marks = appointmentMarks(rec, now, texts.marks);
      const marked = marks.length > 0 ? { marks } : {};
      const unconfirmed = isUnconfirmed({ confirmation: rec.confirmation, cutoff: rec.confirmation_cutoff_time }, ms(now)) ? [EVENT_CLASS.unconfirmed] : [];
      if (parts.length > 1) {
        const sorted = [...parts].sort((a, b) => ms(a.start_time) - ms(b.start_time));
        sorted.forEach((p, i) => {
          const part = `${i + 1}/${sorted.length}`;
          const past = isPast(p.end_time, now);
          out.push({
            id: `${rec.id}:${i + 1}`,
            resourceId: rec.employee_id,
            title: withVisit(`${title} (${part})`),
            start: p.start_time,
            end: p.end_time,
            allDay: false,
            classNames: [EVENT_CLASS.base, EVENT_CLASS.appointment, EVENT_CLASS.part, ...unconfirmed, ...(past ? [EVENT_CLASS.past] : [])],
            ...drag,
            extendedProps: { eventId: rec.id, type: 'appointment', part, ...(visit ? { visit } : {}), ...marked, past, obj: rec },
          });
        });
      } else {
        const past = isPast(rec.end_time, now);
        out.push({
          id: rec.id,
          resourceId: rec.employee_id,
          title: withVisit(title),
          start: rec.start_time,
          end: rec.end_time,
          allDay: false,
          classNames: [EVENT_CLASS.base, EVENT_CLASS.appointment, ...unconfirmed, ...(past ? [EVENT_CLASS.past] : [])],
          ...drag,
          extendedProps: { eventId: rec.id, type: 'appointment', ...(visit ? { visit } : {}), ...marked, past, obj: rec },
        });
      }
    }
  }
  return out;
}

/** The drag flags of an event that never moves (shifts, leaves). */
const FIXED = { startEditable: false, resourceEditable: false, durationEditable: false } as const;

/**
 * The drag flags of an appointment's events: a pending appointment that has not ended at `now` moves
 * (in time and across stylists, all its parts together), never resizes.
 */
function movable(rec: Pick<AgendaAppointment, 'status' | 'end_time'>, now: Instant) {
  const can = rec.status === 'pending' && !isPast(rec.end_time, now);
  return { startEditable: can, resourceEditable: can, durationEditable: false } as const;
}

/**
 * The new start (UTC ISO) of an appointment one of whose events was dragged from `from` to `to`: the
 * appointment's own start moved by the same amount, so a multi-part appointment keeps its parts' offsets
 * whichever part was dragged.
 */
export function movedAppointmentStart(appointmentStart: Instant, from: Instant, to: Instant): string {
  return isoUtc(ms(appointmentStart) + ms(to) - ms(from));
}

// ---------- Resources ----------

/** The stylists with the signed-in one first, the others in the API order. */
export function orderResources<T extends { email: string }>(employees: T[], myEmail: string | null | undefined): T[] {
  const me = myEmail?.toLowerCase();
  const mine = employees.filter((e) => e.email.toLowerCase() === me);
  return [...mine, ...employees.filter((e) => e.email.toLowerCase() !== me)];
}

/** A calendar resource (spec section 3, "Calendar employee resource"), as a FullCalendar resource input. */
export type AgendaResource = {
  id: string;
  title: string;
  /** Position, used as `resourceOrder` (FullCalendar sorts by id and title otherwise). */
  order: number;
  eventColor: string;
  businessHours: BusinessHoursInput[];
  extendedProps: { email: string; name: string; color: string; avatar: string | null };
};

/** Valid `#rgb` / `#rrggbb` colour, else the fallback grey. */
export function employeeColor(color: string | null | undefined): string {
  return color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color.trim()) ? color.trim() : FALLBACK_EMPLOYEE_COLOR;
}

/** Ordered, visible stylists as calendar resources with their colour and the visible dates' hours. */
export function toResources(
  employees: AgendaEmployee[],
  myEmail: string | null | undefined,
  dates: string[],
  hidden: ReadonlySet<string> = new Set(),
): AgendaResource[] {
  return orderResources(employees, myEmail)
    .filter((e) => !hidden.has(e.email))
    .map((e, order) => {
      const color = employeeColor(e.color);
      return {
        id: e.email,
        title: e.name,
        order,
        eventColor: color,
        businessHours: businessHoursFor(e, dates),
        extendedProps: { email: e.email, name: e.name, color, avatar: e.avatar },
      };
    });
}

// ---------- The grid ----------

/**
 * The agenda's time grid (spec section 9), in minutes after midnight: 07:00–24:00 in 30-minute slots,
 * opened scrolled to 08:00. FullCalendar's options and the first view (agenda-facade.tsx) both read it.
 */
export const AGENDA_GRID = { startMinute: 7 * 60, endMinute: 24 * 60, slotMinutes: 30, scrollMinute: 8 * 60 } as const;

/** How far above now the grid opens on today (minutes): now lies in the upper third of a phone's grid. */
export const OPEN_NOW_LEAD_MINUTES = 60;

/** Minutes after Madrid midnight of an instant's wall clock. */
const wallMinute = (instant: Instant) => Math.floor((madridLocalMs(ms(instant)) % DAY_MS) / MINUTE_MS);

/**
 * The minute of the day (after Madrid midnight) the agenda's grid opens scrolled to, on its first view
 * and in the calendar alike. On today (`date === today`): an hour before `now`, on the half-hour, so now
 * lies in the upper third. On another date: the half-hour of its first appointment (`events`, the visible
 * ones); without appointments, of the earliest start of the visible stylists' `shifts` that date; else
 * `AGENDA_GRID.scrollMinute`. Always inside the grid (07:00–24:00).
 */
export function openingMinute(input: {
  date: string;
  today: string;
  now: Instant;
  events: Pick<AgendaEvent, 'start' | 'allDay' | 'extendedProps'>[];
  shifts: ShiftLike[];
}): number {
  const slot = AGENDA_GRID.slotMinutes;
  const clamp = (minute: number) => Math.min(AGENDA_GRID.endMinute, Math.max(AGENDA_GRID.startMinute, Math.floor(minute / slot) * slot));
  if (input.date === input.today) return clamp(wallMinute(input.now) - OPEN_NOW_LEAD_MINUTES);
  const appointments = input.events.filter((e) => !e.allDay && e.extendedProps.type === 'appointment').map((e) => wallMinute(e.start));
  if (appointments.length > 0) return clamp(Math.min(...appointments));
  const starts = input.shifts.map((s) => parseHHmm(s.open));
  return clamp(starts.length > 0 ? Math.min(...starts) : AGENDA_GRID.scrollMinute);
}

/** A stretch of a day column: `top` and `length` in minutes from the grid's start (07:00). */
export type GridSpan = { top: number; length: number };

/**
 * Where a timed range (UTC ISO strings or epoch ms) lies in the day column of a Madrid date, clipped to
 * the grid; null when none of it is inside. Minutes are elapsed time: the clock changes happen at night,
 * before the grid starts, so from 07:00 on they equal wall-clock minutes.
 */
export function gridSpan(start: Instant, end: Instant, date: string): GridSpan | null {
  const from = madridWallClock(date, AGENDA_GRID.startMinute);
  const to = madridWallClock(date, AGENDA_GRID.endMinute);
  const a = Math.max(ms(start), from);
  const b = Math.min(ms(end), to);
  return b > a ? { top: (a - from) / MINUTE_MS, length: (b - a) / MINUTE_MS } : null;
}

/**
 * The off-shift stretches of a stylist's day column: the grid outside the business hours (as
 * `businessHoursFor` builds them) of that date's weekday, in order. A closed date is off-shift all day.
 */
export function offShiftSpans(hours: BusinessHoursInput[], date: string): GridSpan[] {
  const dow = weekdayOf(date);
  const open = hours
    .filter((h) => h.daysOfWeek.includes(dow))
    .map((h) => [parseHHmm(h.startTime), parseHHmm(h.endTime)] as const)
    .sort((a, b) => a[0] - b[0]);
  const out: GridSpan[] = [];
  let cursor: number = AGENDA_GRID.startMinute;
  for (const [a, b] of [...open, [AGENDA_GRID.endMinute, AGENDA_GRID.endMinute] as const]) {
    const start = Math.max(cursor, AGENDA_GRID.startMinute);
    const end = Math.min(a, AGENDA_GRID.endMinute);
    if (end > start) out.push({ top: start - AGENDA_GRID.startMinute, length: end - start });
    cursor = Math.max(cursor, b);
  }
  return out;
}

/**
 * The slot of a day column under a point `offset` minutes below the grid's start (clamped to the grid):
 * its start and end as epoch ms (what a click on an empty slot selects in FullCalendar).
 */
export function slotAt(date: string, offset: number): { start: number; end: number } {
  const slots = (AGENDA_GRID.endMinute - AGENDA_GRID.startMinute) / AGENDA_GRID.slotMinutes;
  const index = Math.min(slots - 1, Math.max(0, Math.floor(offset / AGENDA_GRID.slotMinutes)));
  const minute = AGENDA_GRID.startMinute + index * AGENDA_GRID.slotMinutes;
  return { start: madridWallClock(date, minute), end: madridWallClock(date, minute + AGENDA_GRID.slotMinutes) };
}

// ---------- Slot selection ----------

export type Selection = { start: Instant; end: Instant; resourceId: string | null | undefined };
export type SelectionError = 'past' | 'overlap';

/**
 * The range a selected slot stands for at `now` (epoch ms): the selection itself, or, when its first
 * half-hour is under way, the selection from `walkInStart(now)` on (the current minute rounded down to 5:
 * a walk-in at 14:02 in the 14:00 slot starts at 14:00, at 14:12 at 14:10), with its end as selected.
 */
export function selectionRange(selection: Pick<Selection, 'start' | 'end'>, now: Instant): { start: number; end: number } {
  const start = ms(selection.start);
  const t = ms(now);
  return { start: start < t ? Math.max(start, walkInStart(t)) : start, end: ms(selection.end) };
}

/**
 * Why a selected slot cannot start a new event (spec section 5): its first half-hour is over at `now`
 * ('past'; the half-hour under way is accepted and starts at `walkInStart(now)`, see `selectionRange`), or
 * that range overlaps another non-cancelled, non-all-day event of the same stylist (touching is fine,
 * 'overlap'); null when it can.
 */
export function selectionError(
  selection: Selection,
  events: Pick<AgendaEvent, 'start' | 'end' | 'resourceId' | 'allDay' | 'extendedProps'>[],
  now: Instant,
): SelectionError | null {
  if (ms(selection.start) + AGENDA_GRID.slotMinutes * MINUTE_MS <= ms(now)) return 'past';
  const range = selectionRange(selection, now);
  const clash = events.some(
    (e) =>
      !e.allDay &&
      e.extendedProps.type !== 'shift' &&
      !('status' in e.extendedProps.obj && e.extendedProps.obj.status === 'cancelled') &&
      e.resourceId === selection.resourceId &&
      rangesOverlap(range, e),
  );
  return clash ? 'overlap' : null;
}

/** The query of the wizards opened from a selected slot: employee, Madrid date, UTC start and end. */
export function selectionQuery(selection: { start: Instant; end: Instant; resourceId: string }): string {
  const start = new Date(ms(selection.start)).toISOString();
  const end = new Date(ms(selection.end)).toISOString();
  const params = new URLSearchParams({ employee: selection.resourceId, date: madridDate(start), start, end });
  return params.toString();
}
