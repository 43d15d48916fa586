'use client';

import type { ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/dialog';
import { StepBar } from '@/components/ui/step-bar';
import type { Wizard } from './use-wizard';
import type { StepId } from './wizard-state';
import './booking.css';

/** Step bar labels (namespace `booking`). */
export const STEP_LABEL = {
  user: 'stepUser',
  service: 'stepService',
  employee: 'stepEmployee',
  date: 'stepDate',
  hour: 'stepHour',
  client: 'stepClient',
  range: 'stepRange',
  summary: 'stepSummary',
} as const satisfies Record<StepId, string>;

/** Step headings (namespace `booking`). */
export const STEP_TITLE = {
  user: 'chooseUser',
  service: 'chooseService',
  employee: 'chooseEmployee',
  date: 'chooseDate',
  hour: 'chooseHour',
  client: 'chooseClient',
  range: 'chooseRange',
  summary: 'summary',
} as const satisfies Record<StepId, string>;

export type WizardFrameProps = {
  /** The flow's state from `useWizard`: steps, current index, message, checking, next and goBackTo. */
  wizard: Pick<Wizard, 'steps' | 'index' | 'message' | 'checking' | 'next' | 'goBackTo'>;
  /** The current step's heading (defaults to the step's title). */
  title?: string;
  /** The flow's confirm button on the summary step; every other step shows Siguiente. */
  confirm: { label: string; busy: boolean; onClick: () => void };
  children: ReactNode;
};

/**
 * The chrome of every Nueva cita flow (spec section 2, "Booking wizard"): the step bar, the close
 * button (back home), the step heading and content, and the bottom message and button.
 */
export function WizardFrame({ wizard, title, confirm, children }: WizardFrameProps) {
  const { steps, index, message } = wizard;
  const onSelectStep = wizard.goBackTo;
  const action =
    steps[index] === 'summary'
      ? confirm
      : { label: '', busy: wizard.checking, onClick: () => void wizard.next() };
  const t = useTranslations('booking');
  const tc = useTranslations('common');
  const router = useRouter();
  const step = steps[index] ?? 'summary';
  return (
    <div className="wizard">
      <div className="wizard-top">
        <StepBar
          label={t('steps')}
          steps={steps.map((s) => ({ id: s, label: t(STEP_LABEL[s]) }))}
          current={index}
          onSelect={onSelectStep}
        />
        <button type="button" className="icon-btn wizard-close" aria-label={tc('close')} onClick={() => router.push('/')}>
          <CloseIcon />
        </button>
      </div>

      <section className="wizard-step" aria-labelledby="wizard-step-title">
        <h1 id="wizard-step-title" className="step-title">
          {title ?? t(STEP_TITLE[step])}
        </h1>
        {children}
      </section>

      <div className="wizard-actions">
        <p className="form-error" role="alert">
          {message}
        </p>
        <Button block busy={action.busy} onClick={action.onClick}>
          {action.label || tc('next')}
        </Button>
      </div>
    </div>
  );
}
