/**
 * Step rules of the client booking wizard (spec section 4, "Wizard"): which steps exist, when a step
 * is filled, where the wizard starts, and how going back clears the later steps. Pure.
 */
import type { AvailableHour, Employee, Service } from '@/lib/api-client/types';

export type StepId = 'user' | 'service' | 'employee' | 'date' | 'hour' | 'summary';
export type Person = { id: string; name: string };

/** What the client has chosen so far. */
export type BookingValues = {
  user?: Person;
  service?: Service;
  employee?: Employee;
  /** Madrid date, YYYY-MM-DD. */
  date?: string;
  hour?: AvailableHour;
};

/** The client flow: service, employee, date, hour, summary; a person step first when the account has sub-users. */
export function clientSteps(askPerson: boolean): StepId[] {
  return [...(askPerson ? (['user'] as const) : []), 'service', 'employee', 'date', 'hour', 'summary'];
}

/** True when the step's required value is chosen; the summary has none to choose. */
export function isFilled(step: StepId, values: BookingValues): boolean {
  if (step === 'summary') return false;
  return values[step] !== undefined;
}

/** The step the wizard opens on: the one after the last filled step of the leading run of filled steps. */
export function startIndex(steps: StepId[], values: BookingValues): number {
  const firstOpen = steps.findIndex((s) => !isFilled(s, values));
  return firstOpen === -1 ? steps.length - 1 : firstOpen;
}

/** The values with every step after `index` emptied (clicking an earlier step). */
export function clearAfter(steps: StepId[], values: BookingValues, index: number): BookingValues {
  const next: BookingValues = { ...values };
  for (const step of steps.slice(index + 1)) {
    if (step !== 'summary') delete next[step];
  }
  return next;
}

/** The values with `step` set to `value` and every later step emptied (a changed choice invalidates them). */
export function choose<K extends Exclude<StepId, 'summary'>>(
  steps: StepId[],
  values: BookingValues,
  step: K,
  value: BookingValues[K],
): BookingValues {
  return { ...clearAfter(steps, values, steps.indexOf(step)), [step]: value };
}
