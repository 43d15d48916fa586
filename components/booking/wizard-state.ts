/**
 * Step rules of the three Nueva cita wizards (spec section 4, "Wizard"): which steps each flow has,
 * when a step is filled, where the wizard starts and goes next, how going back clears the later
 * steps. Pure. How a slot selected in the agenda prefills the staff flows is in ./wizard-preset (zod, the date formats),
 * apart so the client wizard's first load stays light.
 */
import { NAME_MAX } from '@/lib/validation/common';
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
  employee?: Employee;
  /** Madrid date, YYYY-MM-DD. */
  date?: string;
  hour?: AvailableHour;
  client?: ClientChoice;
  range?: HourRange;
};

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
