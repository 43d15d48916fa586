'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { sameJson } from '@/components/ui/keep-draft';
import { NAME_MAX } from '@/lib/validation/limits';
import {
  choose,
  clearAfter,
  nextIndex,
  parseDraft,
  restoredValues,
  startIndex,
  stepProblem,
  type StepId,
  type WizardField,
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
  /**
   * Session storage key of this flow's draft (one per flow and person). With it the steps live in the
   * browser history (`?step=` on the page's URL: back and forward, Android's back gesture, move between
   * steps; back on the first step leaves the wizard) and a reload of a step entry restores the values and
   * the step. Without it the wizard is one history entry and forgets everything on reload.
   */
  sessionKey?: string;
  /**
   * Whether a stored draft's values can still be booked (e.g. its person has no pending appointment since);
   * a draft refused starts the wizard afresh instead of restoring choices that cannot finish.
   */
  acceptDraft?: (values: WizardValues) => boolean;
};

/** The query parameter naming the step of a wizard history entry. */
export const STEP_PARAM = 'step';

/** What a wizard keeps in its history entries' state: the steps of its entries up to this one. */
type EntryState = { wizardTrail?: StepId[] };

const trailOfEntry = (): StepId[] => {
  const state = window.history.state as EntryState | null;
  return Array.isArray(state?.wizardTrail) ? state.wizardTrail : [];
};

/** Writes (push or replace) the current history entry as the wizard entry of `step` with `trail`. */
function writeEntry(mode: 'push' | 'replace', step: StepId, trail: StepId[]) {
  const url = new URL(window.location.href);
  url.searchParams.set(STEP_PARAM, step);
  const state: EntryState = { wizardTrail: trail };
  if (mode === 'push') window.history.pushState(state, '', url);
  else window.history.replaceState(state, '', url);
}

/** Session storage, or null where the browser refuses it (private modes, disabled storage). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/** The draft to restore when the page's URL is a wizard step entry (`?step=`), else null. */
function openingDraft(key: string, steps: StepId[]) {
  if (!new URL(window.location.href).searchParams.get(STEP_PARAM)) return null;
  return parseDraft(storage()?.getItem(key) ?? null, steps);
}

/** Forgets the draft stored under `key` (after confirming, or leaving with X). */
export function discardDraft(key: string | undefined) {
  if (key) storage()?.removeItem(key);
}

/**
 * Stores a draft under `key` for the flow to restore when opened at `?step=` (choices carried over from
 * elsewhere, e.g. a held booking whose hour was taken reopens the client wizard on "Elige una hora").
 */
export function storeDraft(key: string, draft: { step: StepId; values: WizardValues }) {
  storage()?.setItem(key, JSON.stringify(draft));
}

/**
 * The wizard engine shared by the three flows (spec section 4, "Wizard"): opens after the last filled
 * step, Siguiente needs the step's values (else Selecciona un valor para continuar or the step's own
 * message), clicking an earlier step clears every later one, and a new choice empties the later steps.
 */
export function useWizard({ steps, initial, refine, beforeAdvance, sessionKey, acceptDraft }: UseWizardOptions) {
  const t = useTranslations('booking');
  const [values, setValues] = useState<WizardValues>(initial);
  const [index, setIndex] = useState(() => startIndex(steps, initial));
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [opened] = useState(initial);
  // A step entry (a reload, or forward into the wizard) restores its draft; any other opening starts afresh.
  const [opening] = useState(() => {
    const draft = sessionKey && typeof window !== 'undefined' ? openingDraft(sessionKey, steps) : null;
    return draft && (!acceptDraft || acceptDraft(draft.values)) ? draft : null;
  });
  // False while hydrating server HTML (which knows no draft), so the restored step replaces it after hydration.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [applied, setApplied] = useState(!sessionKey);
  if (hydrated && !applied) {
    setApplied(true);
    if (opening) {
      const restored = restoredValues(steps, initial, opening.values);
      setValues(refine ? refine(restored) : restored);
      setIndex(steps.indexOf(opening.step));
    }
  }
  const current = useRef({ values, index });
  useLayoutEffect(() => {
    current.current = { values, index };
  });

  const step: StepId = steps[index] ?? 'summary';

  // Marks the entry the wizard opened in as its current step's (once the draft, if any, is applied).
  const marked = useRef(false);
  useEffect(() => {
    if (!sessionKey || !applied || marked.current) return;
    marked.current = true;
    const trail = trailOfEntry();
    writeEntry('replace', step, opening && trail.length > 0 ? [...trail.slice(0, -1), step] : [step]);
  }, [sessionKey, applied, opening, step]);

  useEffect(() => {
    if (sessionKey && applied) storage()?.setItem(sessionKey, JSON.stringify({ step, values }));
  }, [sessionKey, applied, step, values]);

  // Back and forward between the wizard's entries: back empties the later steps (as the step bar does),
  // forward goes at most to the first step still to fill.
  useEffect(() => {
    if (!sessionKey) return;
    const path = window.location.pathname;
    const onPopState = () => {
      const url = new URL(window.location.href);
      const target = steps.indexOf(url.searchParams.get(STEP_PARAM) as StepId);
      if (url.pathname !== path || target < 0) return;
      const { values: v, index: at } = current.current;
      const kept = target < at ? clearAfter(steps, v, target) : v;
      const reachable = Math.min(target, startIndex(steps, kept));
      setValues(kept);
      setIndex(reachable);
      setMessage(null);
      if (reachable !== target) writeEntry('replace', steps[reachable]!, [...trailOfEntry().slice(0, -1), steps[reachable]!]);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [sessionKey, steps]);

  const set = useCallback(
    <K extends WizardField>(key: K, value: WizardValues[K]) => {
      setValues((v) => {
        const chosen = choose(steps, v, key, value);
        return refine ? refine(chosen) : chosen;
      });
      setMessage(null);
    },
    [steps, refine],
  );

  /**
   * Clicking an earlier step in the step bar: it stays filled, every later step is emptied. In the
   * history, the wizard goes back to that step's entry when it has one, else this entry becomes the step's.
   */
  const goBackTo = (i: number) => {
    setValues((v) => clearAfter(steps, v, i));
    setIndex(i);
    setMessage(null);
    if (!sessionKey || !steps[i]) return;
    const trail = trailOfEntry();
    const at = trail.lastIndexOf(steps[i], trail.length - 2);
    if (at >= 0) window.history.go(at - (trail.length - 1));
    else writeEntry('replace', steps[i], [...trail.slice(0, -1), steps[i]]);
  };

  /** Reopens `target` emptied, with the steps after it (e.g. the hour after it was taken meanwhile). */
  const reopen = (target: StepId) => {
    const i = steps.indexOf(target);
    if (i < 0) return;
    setValues((v) => clearAfter(steps, v, i - 1));
    setIndex(i);
    if (sessionKey) writeEntry('replace', target, [...trailOfEntry().slice(0, -1), target]);
  };

  /** Forgets the stored draft: call it once the flow is confirmed or left. */
  const discard = useCallback(() => discardDraft(sessionKey), [sessionKey]);

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
    const to = nextIndex(steps, values, index);
    setIndex(to);
    if (sessionKey && to !== index) writeEntry('push', steps[to]!, [...trailOfEntry(), steps[to]!]);
  };

  /** True when something was chosen or typed beyond what the wizard opened with (a preset). */
  const dirty = !sameJson(values, opened);

  return { steps, step, index, values, message, setMessage, checking, set, goBackTo, reopen, next, dirty, discard };
}

/** The state and actions of one wizard flow. */
export type Wizard = ReturnType<typeof useWizard>;
