'use client';

import { createContext, useContext, useId, type KeyboardEvent, type ReactNode } from 'react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { ChoiceBody } from './choice-button';

/** The checked value of the enclosing `ChoiceGroup` (null when nothing is chosen yet). */
const CheckedValue = createContext<string | null>(null);

export type ChoiceGroupProps = {
  /** The chosen option's value, or null/undefined when none is chosen yet. */
  value: string | null | undefined;
  onValueChange: (value: string) => void;
  /** Id of the element naming the group (the step's heading). */
  labelledBy?: string;
  /** Accessible name when no visible heading names the group. */
  label?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A single-choice list of a wizard step as an ARIA radio group (Radix `RadioGroup`): one Tab stop
 * (the checked option, else the first), arrow keys move and check, Home/End go to the first/last
 * option and check it, Space checks the focused option. Enter does nothing inside the group, so a
 * keyboard user tabs on to Siguiente. Options pass `onOptionKeyDown` as their key handler.
 */
export function ChoiceGroup({ value, onValueChange, labelledBy, label, className, children }: ChoiceGroupProps) {
  const current = value ?? null;
  return (
    <RadioGroup.Root
      value={current}
      onValueChange={onValueChange}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      className={className}
    >
      <CheckedValue.Provider value={current}>{children}</CheckedValue.Provider>
    </RadioGroup.Root>
  );
}

/** True when `value` is the checked option of the enclosing group. */
export function useChecked(value: string): boolean {
  return useContext(CheckedValue) === value;
}

/** The enabled options of the radio group around `from`, in document order. */
export function groupRadios(from: HTMLElement): HTMLButtonElement[] {
  const group = from.closest('[role="radiogroup"]');
  if (!group) return [];
  return Array.from(group.querySelectorAll<HTMLButtonElement>('[role="radio"]:not([disabled])'));
}

/** Moves focus to `target` and checks it. */
export function focusAndCheck(target: HTMLButtonElement | undefined): void {
  if (!target) return;
  target.focus();
  if (target.getAttribute('aria-checked') !== 'true') target.click();
}

const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);
const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);

/**
 * Key handler of an option: the arrow keys move to the previous/next enabled option (wrapping around)
 * and check it, Home and End to the first and last. Handled here rather than by Radix, which moves the
 * focus a tick later and checks only if the arrow key is still held: a quick press could then move
 * without checking.
 */
export function onOptionKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const { key } = event;
  const radios = groupRadios(event.currentTarget);
  const i = radios.indexOf(event.currentTarget);
  let target: HTMLButtonElement | undefined;
  if (key === 'Home') target = radios[0];
  else if (key === 'End') target = radios.at(-1);
  else if (PREVIOUS_KEYS.has(key)) target = radios[(i - 1 + radios.length) % radios.length];
  else if (NEXT_KEYS.has(key)) target = radios[(i + 1) % radios.length];
  else return;
  event.preventDefault();
  focusAndCheck(target);
}

export type ChoiceRadioProps = {
  value: string;
  /** The accessible name (the option's name). */
  name: string;
  /** Leading visual (avatar, icon). */
  media?: ReactNode;
  /** Secondary details, announced as the option's description. */
  details?: ReactNode;
};

/** One option card of a `ChoiceGroup`: media, name, details and the check mark. */
export function ChoiceRadio({ value, name, media, details }: ChoiceRadioProps) {
  const nameId = useId();
  const detailsId = useId();
  const checked = useChecked(value);
  return (
    <RadioGroup.Item
      value={value}
      className={`choice${checked ? ' is-selected' : ''}`}
      aria-labelledby={nameId}
      aria-describedby={details ? detailsId : undefined}
      onKeyDown={onOptionKeyDown}
    >
      <ChoiceBody nameId={nameId} detailsId={detailsId} name={name} media={media} details={details} />
    </RadioGroup.Item>
  );
}
