/**
 * Prefill of the staff wizards from a slot selected in the agenda (spec section 4, "Wizard"): reading the
 * agenda's query, the hour it stands for, and filling the steps it answers; the hour list with that
 * slot added; and the walk-in hour ("Ahora") of today. Pure. Apart from ./wizard-state so the client
 * wizard does not load zod and the date formats.
 */
import type { AvailableHour, HourGroup } from '@/lib/validation/dto';
import { walkInStart } from '@/lib/domain/availability';
import { isValidDate, madridDate, madridDay, MINUTE_MS } from '@/lib/domain/time';
import { timeOf } from '@/lib/format';
import { ZInstant } from '@/lib/validation/common';
import { visitServices } from './visit-choice';
import { visitMinutes } from './visit-details';
import { flowSteps, isEmail, isFilled, type FlowId, type StepId, type WizardValues } from './wizard-state';

/** A slot selected in the agenda: stylist, Madrid date, UTC start and end (`?employee=&date=&start=&end=`). */
export type Preset = { employee: string; date: string; start?: string; end?: string };

const asInstant = (value: unknown): string | undefined =>
  typeof value === 'string' && ZInstant.safeParse(value).success && !Number.isNaN(Date.parse(value))
    ? new Date(Date.parse(value)).toISOString()
    : undefined;

/**
 * Reads the agenda's query (`employee`, `date`, `start`, `end`); null without a stylist. The date
 * defaults to the start's Madrid date; a start on another date, or an end not after the start, is dropped.
 */
export function parsePreset(query: Record<string, string | string[] | undefined>): Preset | null {
  const one = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : undefined);
  const employee = one('employee')?.trim().toLowerCase();
  if (!employee || !isEmail(employee)) return null;
  let start = asInstant(one('start'));
  let end = asInstant(one('end'));
  const rawDate = one('date');
  const date = rawDate && isValidDate(rawDate) ? rawDate : start ? madridDate(start) : undefined;
  if (!date) return null;
  if (start && madridDate(start) !== date) start = end = undefined;
  if (start && end && Date.parse(end) <= Date.parse(start)) end = undefined;
  if (!start) end = undefined;
  return { employee, date, ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** The hour a preset stands for once the service is known: its start, lasting the service. */
export function presetHour(preset: Preset, durationMinutes: number): AvailableHour | undefined {
  if (!preset.start) return undefined;
  const end = new Date(Date.parse(preset.start) + durationMinutes * MINUTE_MS).toISOString();
  return { id: `${preset.start}_${end}`, start_time: preset.start, end_time: end };
}

/**
 * The "Ahora" hour of the staff wizard on `date` (YYYY-MM-DD, Madrid) at `now` (epoch ms): from
 * `walkInStart(now)` (the current minute rounded down to 5), lasting the service (`durationMinutes`).
 * Offered whatever the shifts and the 15-minute grid (a walk-in); undefined when `date` is not today in
 * Madrid or the service would end after midnight.
 */
export function walkInHour(date: string, durationMinutes: number, now: number): AvailableHour | undefined {
  const day = madridDay(date);
  if (!day || now < day.start || now >= day.end) return undefined;
  const start = walkInStart(now);
  const end = start + durationMinutes * MINUTE_MS;
  if (end > day.end) return undefined;
  const startIso = new Date(start).toISOString();
  const endIso = new Date(end).toISOString();
  return { id: `${startIso}_${endIso}`, start_time: startIso, end_time: endIso };
}

/** True when the preset speaks for this stylist and date (its hour is then offered as is). */
export function presetApplies(preset: Preset | null | undefined, values: WizardValues): preset is Preset {
  return Boolean(preset && values.employee?.email.toLowerCase() === preset.employee && values.date === preset.date);
}

/**
 * Fills the steps a preset answers once the earlier choices agree with it: the date for its stylist,
 * then the hour (appointment flow, once a service is chosen) or the range (leave flow). A step the
 * user already answered differently is kept, and then the later ones are left empty.
 */
export function applyPreset(flow: FlowId, values: WizardValues, preset: Preset | null | undefined): WizardValues {
  if (!preset || flow === 'client' || values.employee?.email.toLowerCase() !== preset.employee) return values;
  const next: WizardValues = { ...values };
  const steps = flowSteps(flow);
  // The date step comes after the service in the appointment flow: wait for the service.
  const ready = (step: StepId) => steps.slice(0, steps.indexOf(step)).every((s) => isFilled(s, next));
  if (next.date === undefined && ready('date')) next.date = preset.date;
  if (next.date !== preset.date || !preset.start) return next;
  if (flow === 'staffAppointment' && next.hour === undefined && next.service && ready('hour')) {
    next.hour = presetHour(preset, visitMinutes(visitServices(next.service, next.extra)));
  }
  if (flow === 'leave' && next.range === undefined && ready('range')) {
    next.range = { start: preset.start, ...(preset.end ? { end: preset.end } : {}) };
  }
  return next;
}

/**
 * The hour groups with `hour` added in its Madrid `HH:00` group (created if needed) when no listed
 * hour starts at the same instant: the selected agenda slot is offered even outside the shifts.
 */
export function withHour(groups: HourGroup[], hour: AvailableHour | undefined): HourGroup[] {
  if (!hour) return groups;
  const start = Date.parse(hour.start_time);
  if (groups.some((g) => g.hours.some((h) => Date.parse(h.start_time) === start))) return groups;
  const label = `${timeOf(hour.start_time).slice(0, 2)}:00`;
  const byStart = (a: AvailableHour, b: AvailableHour) => Date.parse(a.start_time) - Date.parse(b.start_time);
  const existing = groups.find((g) => g.hour === label);
  const next = existing
    ? groups.map((g) => (g === existing ? { ...g, hours: [...g.hours, hour].sort(byStart) } : g))
    : [...groups, { hour: label, hours: [hour] }];
  return next.sort((a, b) => a.hour.localeCompare(b.hour));
}

/**
 * Where a staff wizard's close button returns: the agenda on the day it was opened from, `/?date=YYYY-MM-DD`
 * (the `from` query the add button passes, else the preset's date), or `/` (today) without either.
 */
export function agendaReturnHref(query: Record<string, string | string[] | undefined>, preset: Preset | null): string {
  const from = typeof query.from === 'string' && isValidDate(query.from) ? query.from : preset?.date;
  return from ? `/?date=${from}` : '/';
}
