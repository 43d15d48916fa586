/**
 * Step rules of the three Nueva cita wizards (spec section 4, "Wizard"): which steps each flow has,
 * when a step is filled, where the wizard starts and goes next, how going back clears the later
 * steps, and how a slot selected in the agenda prefills the staff flows. Pure.
 */
import type { AvailableHour, Employee, HourGroup, Service } from '@/lib/validation/dto';
import { madridLabel } from '@/lib/domain/availability';
import { isValidDate, madridDate } from '@/lib/domain/time';
import { ZEmail, ZInstant } from '@/lib/validation/common';

/** The three flows of spec section 2, "Booking wizard". */
export type FlowId = 'client' | 'staffAppointment' | 'leave';

export type StepId = 'user' | 'service' | 'employee' | 'date' | 'hour' | 'client' | 'range' | 'summary';
/** Steps that hold a value (every step but the summary). */
export type ValueStep = Exclude<StepId, 'summary'>;

export type Person = { id: string; name: string };
/** The client of a staff booking: a name (required) and an optional e-mail (none: the guest). */
export type ClientChoice = { name: string; email: string };
/** A blocked range: UTC ISO instants chosen from the time-slot lists. */
export type HourRange = { start?: string; end?: string };

/** What has been chosen so far, whatever the flow. */
export type WizardValues = {
  user?: Person;
  service?: Service;
  employee?: Employee;
  /** Madrid date, YYYY-MM-DD. */
  date?: string;
  hour?: AvailableHour;
  client?: ClientChoice;
  range?: HourRange;
};
/** The client flow's values (the former name, kept for the client screens). */
export type BookingValues = WizardValues;

/** The client flow: service, employee, date, hour, summary; a person step first when the account has sub-users. */
export function clientSteps(askPerson: boolean): StepId[] {
  return [...(askPerson ? (['user'] as const) : []), 'service', 'employee', 'date', 'hour', 'summary'];
}

/** The steps of a flow, in order. */
export function flowSteps(flow: FlowId, options: { askPerson?: boolean } = {}): StepId[] {
  switch (flow) {
    case 'client':
      return clientSteps(Boolean(options.askPerson));
    case 'staffAppointment':
      return ['employee', 'service', 'date', 'hour', 'client', 'summary'];
    case 'leave':
      return ['employee', 'date', 'range', 'summary'];
  }
}

/** True for the flows that check free hours when leaving the date step (both appointment flows). */
export function checksHoursOnDateStep(flow: FlowId): boolean {
  return flow !== 'leave';
}

/** True for an e-mail address the server accepts as a client id (the contract's `ZEmail`). */
export function isEmail(value: string): boolean {
  return ZEmail.safeParse(value.trim()).success;
}

/** Why Siguiente cannot leave `step` (a `booking` message key), or null when the step is filled. */
export type StepProblem = 'selectValue' | 'nameRequired' | 'invalidEmail' | 'invalidRange';

export function stepProblem(step: StepId, values: WizardValues): StepProblem | null {
  switch (step) {
    case 'summary':
      return null;
    case 'client': {
      const client = values.client;
      if (!client || client.name.trim() === '') return 'nameRequired';
      if (client.email.trim() !== '' && !isEmail(client.email)) return 'invalidEmail';
      return null;
    }
    case 'range': {
      const { start, end } = values.range ?? {};
      if (!start || !end) return 'selectValue';
      return Date.parse(end) > Date.parse(start) ? null : 'invalidRange';
    }
    default:
      return values[step] === undefined ? 'selectValue' : null;
  }
}

/** True when the step's required values are chosen; the summary has none to choose. */
export function isFilled(step: StepId, values: WizardValues): boolean {
  return step !== 'summary' && stepProblem(step, values) === null;
}

/** The step the wizard opens on: the one after the last filled step of the leading run of filled steps. */
export function startIndex(steps: StepId[], values: WizardValues): number {
  const firstOpen = steps.findIndex((s) => !isFilled(s, values));
  return firstOpen === -1 ? steps.length - 1 : firstOpen;
}

/**
 * Where Siguiente goes from `index`: the first later step not yet filled (the summary at the latest).
 * Later steps are only ever filled by a preset, so the client flow simply moves one step.
 */
export function nextIndex(steps: StepId[], values: WizardValues, index: number): number {
  for (let i = index + 1; i < steps.length; i++) {
    if (!isFilled(steps[i]!, values)) return i;
  }
  return steps.length - 1;
}

/** The values with every step after `index` emptied (clicking an earlier step). */
export function clearAfter(steps: StepId[], values: WizardValues, index: number): WizardValues {
  const next: WizardValues = { ...values };
  for (const step of steps.slice(index + 1)) {
    if (step !== 'summary') delete next[step];
  }
  return next;
}

/** The values with `step` set to `value` and every later step emptied (a changed choice invalidates them). */
export function choose<K extends ValueStep>(steps: StepId[], values: WizardValues, step: K, value: WizardValues[K]): WizardValues {
  return { ...clearAfter(steps, values, steps.indexOf(step)), [step]: value };
}

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
  const end = new Date(Date.parse(preset.start) + durationMinutes * 60_000).toISOString();
  return { id: `${preset.start}_${end}`, start_time: preset.start, end_time: end };
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
    next.hour = presetHour(preset, next.service.duration);
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
  const label = `${madridLabel(hour.start_time).slice(0, 2)}:00`;
  const byStart = (a: AvailableHour, b: AvailableHour) => Date.parse(a.start_time) - Date.parse(b.start_time);
  const existing = groups.find((g) => g.hour === label);
  const next = existing
    ? groups.map((g) => (g === existing ? { ...g, hours: [...g.hours, hour].sort(byStart) } : g))
    : [...groups, { hour: label, hours: [hour] }];
  return next.sort((a, b) => a.hour.localeCompare(b.hour));
}
