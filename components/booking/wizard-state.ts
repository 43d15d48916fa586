/**
 * Step rules of the three Nueva cita wizards (spec section 4, "Wizard"): which steps each flow has,
 * when a step is filled, where the wizard starts and goes next, how going back clears the later
 * steps. Pure. How a slot selected in the agenda prefills the staff flows is in ./wizard-preset (zod, the date formats),
 * apart so the client wizard's first load stays light.
 */
import { NAME_MAX } from '@/lib/validation/limits';
import type { AvailableHour, Employee, Service } from '@/lib/validation/dto';

/** The three flows of spec section 2, "Booking wizard". */
export type FlowId = 'client' | 'staffAppointment' | 'leave';

export type StepId = 'user' | 'service' | 'employee' | 'date' | 'hour' | 'client' | 'range' | 'summary';
/** Steps that hold a value (every step but the summary). */
export type ValueStep = Exclude<StepId, 'summary'>;

export type Person = { id: string; name: string };
/** The client of a staff booking: a name (required) and an optional e-mail (none: the guest). */
export type ClientChoice = { name: string; email: string };
/** A blocked range: UTC ISO instants read from the time fields of the leave flow. */
export type HourRange = { start?: string; end?: string };

/** What has been chosen so far, whatever the flow. */
export type WizardValues = {
  user?: Person;
  service?: Service;
  /**
   * The services added to `service` for a visit (client flow, "Añadir otro servicio"; beyond-the-spec
   * section 2). Part of the service step: changing them empties the later steps as a new service does.
   */
  extra?: Service[];
  employee?: Employee;
  /** Madrid date, YYYY-MM-DD. */
  date?: string;
  hour?: AvailableHour;
  client?: ClientChoice;
  range?: HourRange;
  /**
   * The note typed on the leave's summary (optional). Not a step: no choice empties it, and it is kept in
   * the draft with the steps' values.
   */
  notes?: string;
};

/** What the wizard holds: the steps' values and the summary's note. */
export type WizardField = keyof WizardValues;

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

/**
 * zod's default e-mail pattern (`z.email()`, zod/v4/core regexes.email), copied so the client wizard loads no
 * zod code; wizard-state.test.ts fails if it drifts from zod's.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/**
 * True for an e-mail address the server accepts as a client id: the contract's `ZEmail` (zod's e-mail
 * pattern, at most 254 characters) applied to the trimmed value.
 */
export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Why Siguiente cannot leave `step` (a `booking` message key), or null when the step is filled. */
export type StepProblem = 'selectValue' | 'nameRequired' | 'nameTooLong' | 'invalidEmail' | 'invalidRange';

export function stepProblem(step: StepId, values: WizardValues): StepProblem | null {
  switch (step) {
    case 'summary':
      return null;
    case 'client': {
      const client = values.client;
      if (!client || client.name.trim() === '') return 'nameRequired';
      if (client.name.trim().length > NAME_MAX) return 'nameTooLong';
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
 * Later steps are filled only by a preset or by a step that survives earlier changes (the client), so
 * the client flow simply moves one step.
 */
export function nextIndex(steps: StepId[], values: WizardValues, index: number): number {
  for (let i = index + 1; i < steps.length; i++) {
    if (!isFilled(steps[i]!, values)) return i;
  }
  return steps.length - 1;
}

/**
 * Steps whose value depends on no earlier step: the client typed by staff is the same person whatever the
 * service, stylist, date or hour, so a change of those keeps it. Every other step's choices (the stylists
 * of a service, the free hours of a date) are only valid for the earlier choices.
 */
export const INDEPENDENT_STEPS: readonly ValueStep[] = ['client'];

/** The values with every step after `index` emptied (clicking an earlier step), but for the independent steps. */
export function clearAfter(steps: StepId[], values: WizardValues, index: number): WizardValues {
  const next: WizardValues = { ...values };
  for (const step of steps.slice(index + 1)) {
    if (step !== 'summary' && !INDEPENDENT_STEPS.includes(step)) delete next[step];
    if (step === 'service') delete next.extra;
  }
  return next;
}

/**
 * The values with `field` set to `value` and, for a step (or the services added to the service step), every
 * later dependent step emptied (a changed choice invalidates them); the note changes nothing else.
 */
export function choose<K extends WizardField>(steps: StepId[], values: WizardValues, field: K, value: WizardValues[K]): WizardValues {
  const at = steps.indexOf((field === 'extra' ? 'service' : field) as StepId);
  return { ...(at < 0 ? values : clearAfter(steps, values, at)), [field]: value };
}

/**
 * The values of a wizard restored from its draft: the draft's, plus the values the wizard opened with that
 * no step of the flow holds (the client itself when the account has no sub-users and the flow has no person
 * step), which a draft never keeps.
 */
export function restoredValues(steps: StepId[], initial: WizardValues, draft: WizardValues): WizardValues {
  const outside = Object.fromEntries(Object.entries(initial).filter(([key]) => !steps.includes(key as StepId)));
  return { ...outside, ...draft };
}

/**
 * True when a draft's person (if it has one) is among `people`, those the client may book for now: a person
 * who has booked since (another tab, staff) makes the draft one that cannot finish.
 */
export function personStillBookable(values: WizardValues, people: Person[]): boolean {
  return !values.user || people.some((p) => p.id === values.user!.id);
}

/** What a wizard keeps in the tab's session storage to survive a reload: its values and current step. */
export type WizardDraft = { step: StepId; values: WizardValues };

type Shape = Record<string, unknown>;
const isObject = (v: unknown): v is Shape => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasStrings = (v: unknown, ...keys: string[]): v is Shape => isObject(v) && keys.every((k) => typeof v[k] === 'string');
const isInstant = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** Whether a stored value has the shape its step holds (the fields the wizard and its summary read). */
const VALID_VALUE: Record<ValueStep, (v: unknown) => boolean> = {
  user: (v) => hasStrings(v, 'id', 'name'),
  service: (v) =>
    hasStrings(v, 'name') && Number.isInteger(v.id) && Number.isInteger(v.duration) && typeof v.price === 'number' && Array.isArray(v.employees),
  employee: (v) => hasStrings(v, 'email', 'name') && Array.isArray(v.week_shifts) && Array.isArray(v.special_shifts),
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  hour: (v) => hasStrings(v, 'id', 'start_time', 'end_time') && isInstant(v.start_time) && isInstant(v.end_time),
  client: (v) => hasStrings(v, 'name', 'email'),
  range: (v) => isObject(v) && [v.start, v.end].every((x) => x === undefined || isInstant(x)),
};

/**
 * Reads a stored draft of a flow with `steps` (the JSON text of `WizardDraft`): null when there is none or
 * it is not one (corrupt text, another flow's step, a value of the wrong shape), so the wizard starts afresh.
 * Values of steps the flow lacks are dropped, the note (a string) is kept; the step returned is at most the
 * first one left unfilled.
 */
export function parseDraft(raw: string | null, steps: StepId[]): WizardDraft | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(data) || !isObject(data.values) || typeof data.step !== 'string' || !steps.includes(data.step as StepId)) return null;
  const values: WizardValues = {};
  for (const step of steps) {
    if (step === 'summary' || data.values[step] === undefined) continue;
    if (!VALID_VALUE[step](data.values[step])) return null;
    (values as Shape)[step] = data.values[step];
  }
  const { notes, extra } = data.values;
  if (notes !== undefined && typeof notes !== 'string') return null;
  if (notes !== undefined) values.notes = notes;
  if (extra !== undefined && steps.includes('service')) {
    if (!Array.isArray(extra) || !extra.every(VALID_VALUE.service)) return null;
    values.extra = extra as Service[];
  }
  const index = Math.min(steps.indexOf(data.step as StepId), startIndex(steps, values));
  return { step: steps[index]!, values };
}
