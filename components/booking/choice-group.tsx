'use client';

import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  type ButtonHTMLAttributes,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ChoiceBody } from './choice-button';

/** The enclosing `ChoiceGroup`: its checked value (null when nothing is chosen yet) and how to change it. */
const Group = createContext<{ value: string | null; onValueChange: (value: string) => void }>({
  value: null,
  onValueChange: () => undefined,
});

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
 * A single-choice list of a wizard step as a WAI-ARIA radio group (role radiogroup of `RadioItem`s): one
 * Tab stop (the checked option; with none checked the group itself, which hands the focus to the first
 * enabled option), arrow keys move and check, Home/End go to the first/last option and check it, Space
 * checks the focused option, Enter does nothing inside the group, so a keyboard user tabs on to Siguiente.
 * Options pass `onOptionKeyDown` (or their own handler that ends in it) as their key handler.
 *
 * Written here rather than with a component library such as Radix RadioGroup: the key handling has to be
 * ours (Radix moves the focus a tick late and can skip the check), and what is left, the roving tab stop and
 * the ARIA attributes, would add a library to the booking page's first-load JavaScript (its budget).
 */
export function ChoiceGroup({ value, onValueChange, labelledBy, label, className, children }: ChoiceGroupProps) {
  const current = value ?? null;
  const group = useMemo(() => ({ value: current, onValueChange }), [current, onValueChange]);
  const root = useRef<HTMLDivElement>(null);
  // The group is the Tab stop while no enabled option is checked (nothing chosen yet, or the chosen value
  // is no longer listed); read from the rendered options after every render.
  useEffect(() => {
    const el = root.current;
    if (el) el.tabIndex = el.querySelector('[role="radio"][aria-checked="true"]:not([disabled])') ? -1 : 0;
  });
  const enter = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) groupRadios(event.currentTarget)[0]?.focus();
  };
  return (
    <div
      ref={root}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      className={className}
      onFocus={enter}
    >
      <Group.Provider value={group}>{children}</Group.Provider>
    </div>
  );
}

export type RadioItemProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'role' | 'type' | 'onClick' | 'tabIndex'> & {
  value: string;
  /** data-* attributes pass through (e.g. `data-date` of a calendar day). */
  [data: `data-${string}`]: string | undefined;
};

/**
 * One option of a `ChoiceGroup`: a button with role radio and `aria-checked`, the group's Tab stop when
 * checked; a click or Space checks it.
 */
export function RadioItem({ value, onKeyDown, children, ...rest }: RadioItemProps) {
  const group = useContext(Group);
  const checked = group.value === value;
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter does not check a radio (WAI-ARIA radio group); Space does (the button's click).
    if (event.key === 'Enter') event.preventDefault();
    onKeyDown?.(event);
  };
  return (
    <button
      {...rest}
      type="button"
      role="radio"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      tabIndex={checked ? 0 : -1}
      onClick={() => group.onValueChange(value)}
      onKeyDown={keyDown}
    >
      {children}
    </button>
  );
}

/** True when `value` is the checked option of the enclosing group. */
export function useChecked(value: string): boolean {
  return useContext(Group).value === value;
}

/** The enabled options of the radio group around (or at) `from`, in document order. */
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
 * and check it, Home and End to the first and last (at once: focus and check in the same key press).
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
    <RadioItem
      value={value}
      className={`choice${checked ? ' is-selected' : ''}`}
      aria-labelledby={nameId}
      aria-describedby={details ? detailsId : undefined}
      onKeyDown={onOptionKeyDown}
    >
      <ChoiceBody nameId={nameId} detailsId={detailsId} name={name} media={media} details={details} />
    </RadioItem>
  );
}
