'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field, SelectField } from '@/components/ui/field';
import { errorMessageOf } from '@/lib/api-client/fetcher';
import { joinWaitlist } from '@/lib/api-client/waitlist';
import { PARTS_OF_DAY } from '@/lib/domain/waitlist';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { checkWaitlistForm, initialWaitlistDate, waitlistDateLimits, type WaitlistFormValues, type WaitlistProblems } from './waitlist-body';
import { PART_OF_DAY_LABEL } from './part-of-day';
import './waitlist.css';

/** A person an entry may be for: the account holder or a sub-user. */
export type WaitlistPerson = { id: string; name: string };

export type WaitlistFormProps = {
  /** The client account's e-mail (the path of the call). */
  email: string;
  /** The visit's services in visit order: shown, not asked. */
  services: readonly { id: number; name: string }[];
  /** The stylist (`email` `any` for "Cualquier estilista", `name` its label): shown, not asked. */
  stylist: { email: string; name: string };
  /** Whom the entry may be for; with more than one, the form asks ("Para"). */
  people: readonly WaitlistPerson[];
  /** The person chosen at first (an id of `people`; the first of them otherwise). */
  person?: string;
  /** The Madrid date (YYYY-MM-DD) Desde and Hasta start at; today when absent or outside the window. */
  date?: string;
  /** After the server took the entry (201). */
  onJoined: (entry: WaitlistEntry) => void;
  onCancel: () => void;
};

/**
 * "Avísame si se libera un hueco" (beyond-the-spec section 4): the chosen services and stylist, Desde and Hasta
 * (today to the end of the 30-day window), the part of the day and, for an account with sub-users, for whom.
 * The contract's schema and the domain's range rule check it before it is sent; a refusal of the server
 * (three active entries, the person's appointment in the range, a restricted client) shows its Spanish message
 * in the form.
 */
export function WaitlistForm({ email, services, stylist, people, person, date, onJoined, onCancel }: WaitlistFormProps) {
  const t = useTranslations('waitlist');
  const te = useTranslations('errors');
  const base = useId();
  // The instant the form opened: its dates and rules are of that day (a late refusal of the server shows too).
  const [now] = useState(() => Date.now());
  const limits = waitlistDateLimits(now);
  const [values, setValues] = useState<WaitlistFormValues>(() => {
    const first = initialWaitlistDate(date, now);
    const chosen = people.find((p) => p.id === person) ?? people[0];
    return { from: first, to: first, partOfDay: 'any', userId: chosen?.id ?? '' };
  });
  // Messages show once the form was sent, and then follow the values.
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = `${base}-form`;
  const id = (field: string) => `${base}-${field}`;

  const checked = checkWaitlistForm({ services, employeeId: stylist.email }, values, now, (key) => te(key));
  const problems: WaitlistProblems = sent && !checked.ok ? checked.problems : {};
  const change = (patch: Partial<WaitlistFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setFailure('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSent(true);
    if (!checked.ok) {
      const field = checked.problems.from ? 'from' : checked.problems.to ? 'to' : null;
      if (field) document.getElementById(id(field))?.focus();
      return;
    }
    setFailure('');
    setBusy(true);
    try {
      const entry = await joinWaitlist(email, checked.body);
      setBusy(false);
      onJoined(entry);
    } catch (err) {
      setBusy(false);
      setFailure(errorMessageOf(err, t('joinError')));
    }
  };

  const personName = (pid: string) => people.find((p) => p.id === pid)?.name ?? pid;
  return (
    <form id={formId} className="form waitlist-form" noValidate onSubmit={(e) => void submit(e)}>
      <dl className="details waitlist-choice">
        <div>
          <dt>{t('services', { count: services.length })}</dt>
          <dd>{services.map((s) => s.name).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('stylist')}</dt>
          <dd>{stylist.name}</dd>
        </div>
      </dl>
      <div className="waitlist-dates">
        <Field id={id('from')} label={t('from')} message={problems.from}>
          {(control) => (
            <input
              {...control}
              type="date"
              className="input"
              min={limits.min}
              max={limits.max}
              value={values.from}
              data-autofocus
              onChange={(e) => change({ from: e.target.value })}
            />
          )}
        </Field>
        <Field id={id('to')} label={t('to')} message={problems.to}>
          {(control) => (
            <input
              {...control}
              type="date"
              className="input"
              min={limits.min}
              max={limits.max}
              value={values.to}
              onChange={(e) => change({ to: e.target.value })}
            />
          )}
        </Field>
      </div>
      <fieldset className="fieldset waitlist-parts">
        <legend>{t('partOfDay')}</legend>
        {PARTS_OF_DAY.map((part) => (
          <label key={part} className="waitlist-part">
            <input
              type="radio"
              name={id('part')}
              value={part}
              checked={values.partOfDay === part}
              onChange={() => change({ partOfDay: part })}
            />
            <span>{t(PART_OF_DAY_LABEL[part])}</span>
          </label>
        ))}
      </fieldset>
      {people.length > 1 && (
        <SelectField
          id={id('person')}
          label={t('person')}
          value={values.userId}
          options={people.map((p) => p.id)}
          format={personName}
          onChange={(userId) => change({ userId })}
        />
      )}
      <p className="form-error" role="alert">
        {failure || problems.form}
      </p>
      <DialogActions form={formId} confirmLabel={t('submit')} cancelLabel={t('cancel')} busy={busy} onCancel={onCancel} />
    </form>
  );
}

/**
 * The waitlist form in a bottom sheet titled "Avísame si se libera un hueco"; the form mounts each time the
 * sheet opens, so it starts afresh. Cancelar, the ×, Escape and the backdrop call `onClose`.
 */
export function WaitlistDialog({ open, onClose, ...form }: Omit<WaitlistFormProps, 'onCancel'> & { open: boolean; onClose: () => void }) {
  const t = useTranslations('waitlist');
  return (
    <Dialog open={open} onClose={onClose} title={t('title')} variant="bottom" className="waitlist-dialog">
      <WaitlistForm {...form} onCancel={onClose} />
    </Dialog>
  );
}
