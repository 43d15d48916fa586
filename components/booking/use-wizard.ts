'use client';

import { useCallback, useState } from 'react';
import { useTranslations } from 'next-intl';
import { NAME_MAX } from '@/lib/validation/common';
import {
  choose,
  clearAfter,
  nextIndex,
  startIndex,
  stepProblem,
  type StepId,
  type ValueStep,
  type WizardValues,
} from './wizard-state';

export type UseWizardOptions = {
  steps: StepId[];
  /** Values known when the wizard opens (the client itself, a slot selected in the agenda…). */
  initial: WizardValues;
  /** Applied after every choice (a preset refilling the steps it answers). */
  refine?: (values: WizardValues) => WizardValues;
  /** Runs before leaving a filled step; a returned message keeps the wizard on the step. */
  beforeAdvance?: (step: StepId, values: WizardValues) => Promise<string | null>;
};

/**
 * The wizard engine shared by the three flows (spec section 4, "Wizard"): opens after the last filled
 * step, Siguiente needs the step's values (else Selecciona un valor para continuar or the step's own
 * message), clicking an earlier step clears every later one, and a new choice empties the later steps.
 */
export function useWizard({ steps, initial, refine, beforeAdvance }: UseWizardOptions) {
  const t = useTranslations('booking');
  const [values, setValues] = useState<WizardValues>(initial);
  const [index, setIndex] = useState(() => startIndex(steps, initial));
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const step: StepId = steps[index] ?? 'summary';

  const set = useCallback(
    <K extends ValueStep>(key: K, value: WizardValues[K]) => {
      setValues((v) => {
        const chosen = choose(steps, v, key, value);
        return refine ? refine(chosen) : chosen;
      });
      setMessage(null);
    },
    [steps, refine],
  );

  /** Clicking an earlier step in the step bar: it stays filled, every later step is emptied. */
  const goBackTo = (i: number) => {
    setValues((v) => clearAfter(steps, v, i));
    setIndex(i);
    setMessage(null);
  };

  /** Reopens `target` emptied, with the steps after it (e.g. the hour after it was taken meanwhile). */
  const reopen = (target: StepId) => {
    const i = steps.indexOf(target);
    if (i < 0) return;
    setValues((v) => clearAfter(steps, v, i - 1));
    setIndex(i);
  };

  const next = async () => {
    const problem = stepProblem(step, values);
    if (problem) return setMessage(t(problem, { max: NAME_MAX }));
    if (beforeAdvance) {
      setChecking(true);
      try {
        const failure = await beforeAdvance(step, values);
        if (failure) return setMessage(failure);
      } finally {
        setChecking(false);
      }
    }
    setMessage(null);
    setIndex(nextIndex(steps, values, index));
  };

  return { steps, step, index, values, message, setMessage, checking, set, goBackTo, reopen, next };
}

/** The state and actions of one wizard flow. */
export type Wizard = ReturnType<typeof useWizard>;
