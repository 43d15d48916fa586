'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { CloseIcon, Dialog, DialogActions } from '@/components/ui/dialog';
import { StepBar } from '@/components/ui/step-bar';
import { useLeaveGuard } from '@/components/shell/leave-guard';
import type { Wizard } from './use-wizard';
import type { StepId } from './wizard-state';
import './booking.css';

/** Id of the current step's heading; the step's radio group is named by it. */
export const STEP_TITLE_ID = 'wizard-step-title';

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
  wizard: Pick<Wizard, 'steps' | 'index' | 'message' | 'checking' | 'next' | 'goBackTo'> & Partial<Pick<Wizard, 'dirty' | 'discard'>>;
  /** The current step's heading (defaults to the step's title). */
  title?: string;
  /** The flow's confirm button on the summary step; every other step shows Siguiente. */
  confirm: { label: string; busy: boolean; onClick: () => void };
  /**
   * Where the close button goes (default `/`, home) and whether it first asks ¿Salir sin guardar? when
   * something was entered (`wizard.dirty`).
   */
  close?: { href?: string; ask?: boolean };
  children: ReactNode;
};

/**
 * The chrome of every Nueva cita flow (spec section 2, "Booking wizard"): the step bar, the close
 * button (back home), the step heading and content, and the bottom message and button. With `close.ask`,
 * the close button and the shell's links (header title, menu) ask ¿Salir sin guardar? once something was
 * entered.
 * On a narrow screen the step bar shows numbered dots only and the line below reads Paso 2 de 6 ·
 * Servicio, so no label is cut. When the step changes, focus moves to its heading: a keyboard user
 * then tabs once into the step's choices and once more to Siguiente. Closing forgets the flow's draft.
 */
export function WizardFrame({ wizard, title, confirm, close, children }: WizardFrameProps) {
  const { steps, index, message } = wizard;
  const onSelectStep = wizard.goBackTo;
  const action =
    steps[index] === 'summary'
      ? confirm
      : { label: '', busy: wizard.checking, onClick: () => void wizard.next() };
  const t = useTranslations('booking');
  const tc = useTranslations('common');
  const router = useAppRouter();
  // Where ¿Salir sin guardar? leaves for once confirmed: the close button's target, or the shell link's tapped.
  const [asking, setAsking] = useState<string | null>(null);
  const closeHref = close?.href ?? '/';
  const leave = (href: string) => {
    wizard.discard?.();
    router.push(href);
  };
  const mustAsk = Boolean(close?.ask && wizard.dirty);
  const onClose = () => (mustAsk ? setAsking(closeHref) : leave(closeHref));
  // The shell's own links (the header's title, the menu's entries) ask too; without choices they leave as
  // plain links, the draft forgotten as the close button does.
  useLeaveGuard((href) => {
    if (mustAsk) {
      setAsking(href);
      return true;
    }
    wizard.discard?.();
    return false;
  });
  const step = steps[index] ?? 'summary';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const shown = useRef({ index, checking: wizard.checking });
  useEffect(() => {
    const before = shown.current;
    shown.current = { index, checking: wizard.checking };
    if (before.index !== index) {
      headingRef.current?.focus();
    } else if (before.checking && !wizard.checking && (!document.activeElement || document.activeElement === document.body)) {
      // Siguiente was disabled while checking the date (so it lost the focus) and the step stayed: give it back.
      actionsRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    }
  }, [index, wizard.checking]);
  return (
    <div className="wizard">
      <div className="wizard-top">
        <div className="wizard-progress">
          <StepBar
            label={t('steps')}
            steps={steps.map((s) => ({ id: s, label: t(STEP_LABEL[s]) }))}
            current={index}
            onSelect={onSelectStep}
          />
          <p className="wizard-progress-text" aria-hidden="true">
            {t('stepOf', { current: index + 1, total: steps.length, label: t(STEP_LABEL[step]) })}
          </p>
        </div>
        <button type="button" className="icon-btn wizard-close" aria-label={tc('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>

      <section className="wizard-step" aria-labelledby={STEP_TITLE_ID}>
        <h1 id={STEP_TITLE_ID} ref={headingRef} tabIndex={-1} className="step-title">
          {title ?? t(STEP_TITLE[step])}
        </h1>
        {children}
      </section>

      <div className="wizard-actions" ref={actionsRef}>
        <p className="form-error" role="alert">
          {message}
        </p>
        <Button block busy={action.busy} onClick={action.onClick}>
          {action.label || tc('next')}
        </Button>
      </div>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t('leaveTitle')}
        footer={
          <DialogActions
            confirmLabel={t('leaveConfirm')}
            cancelLabel={t('leaveCancel')}
            busy={false}
            variant="danger"
            onConfirm={() => leave(asking ?? closeHref)}
            onCancel={() => setAsking(null)}
          />
        }
      >
        <p>{t('leaveText')}</p>
      </Dialog>
    </div>
  );
}
