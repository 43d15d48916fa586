'use client';

import { useId, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError, errorMessageOf } from '@/lib/api-client/fetcher';
import { createService, updateService, useService } from '@/lib/api-client/services';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { canAddSegment } from '@/lib/domain/service';
import type { Service } from '@/lib/validation/dto';
import {
  ZServiceCreate,
  ZServiceUpdate,
  missingServiceFields,
  type ServiceFormField,
} from '@/lib/validation/services';
import { TrashIcon } from './icons';
import { LoadError, isNotFound } from './load-error';
import { PageHeader } from './page-header';
import {
  HOUR_OPTIONS,
  MINUTE_OPTIONS,
  addSegment,
  createBodyOf,
  draftFromService,
  durationOf,
  emptyDraft,
  fieldOfPath,
  infoChanged,
  removeSegment,
  segmentChoices,
  serverFieldErrors,
  setSegmentTime,
  updateBodyOf,
  withDuration,
  type ServiceDraft,
} from './service-draft';
import { ServiceNotFound } from './service-not-found';
import { TeamChecklist } from './stylist-checklist';
import { SERVICES_TOAST_MS } from './toast';
import { WorkBar } from './work-bar';
import './services.css';

type FieldMessages = Partial<Record<ServiceFormField, string>>;

/** Nuevo Servicio (`/services/new`): information, working time and the stylists who offer it. */
export function NewServiceScreen() {
  const t = useTranslations('services');
  return (
    <div className="svc-screen">
      <PageHeader backHref="/services" title={t('newService')} />
      <ServiceForm />
    </div>
  );
}

/** Editar información (`/services/{id}/edit/information`): information and working time of a service. */
export function EditServiceInfoScreen({ id }: { id: number }) {
  const t = useTranslations('services');
  const service = useService(id, { revalidateOnFocus: false });
  if (isNotFound(service.error)) return <ServiceNotFound />;
  if (service.error && !service.data) return <LoadError error={service.error} onRetry={() => void service.mutate()} />;
  if (!service.data) return <Spinner />;
  return (
    <div className="svc-screen">
      <PageHeader backHref={`/services/${id}`} title={t('editInformation')} description={service.data.name} />
      <ServiceForm key={service.data.id} service={service.data} />
    </div>
  );
}

/**
 * The new/edit service form (spec section 5). The request body is checked with the contract's schema
 * (`ZServiceCreate` or `ZServiceUpdate`); the save button is enabled only when something changed and the
 * body is valid, and otherwise names the missing fields (Faltan campos por rellenar …). Field messages
 * show once a field was touched, and the server's 400/422 field messages next to their fields.
 */
function ServiceForm({ service }: { service?: Service }) {
  const t = useTranslations('services');
  const router = useRouter();
  const isNew = service === undefined;
  const [initial] = useState<ServiceDraft>(() => (service ? draftFromService(service) : emptyDraft()));
  const [draft, setDraft] = useState<ServiceDraft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<ServiceFormField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const ids = {
    name: useId(),
    description: useId(),
    price: useId(),
    priceHint: useId(),
    hours: useId(),
    minutes: useId(),
    segmentsHint: useId(),
    addHint: useId(),
    missing: useId(),
  };

  const schema = isNew ? ZServiceCreate : ZServiceUpdate;
  const body = isNew ? createBodyOf(draft) : updateBodyOf(draft);
  const parsed = schema.safeParse(body);
  const schemaErrors: FieldMessages = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field && !schemaErrors[field]) schemaErrors[field] = issue.message;
    }
  }
  const missing = missingServiceFields(schema, body);
  const changed = service ? infoChanged(draft, service) : JSON.stringify(draft) !== JSON.stringify(initial);
  const canSave = changed && parsed.success;
  const duration = durationOf(draft);
  const canAdd = canAddSegment(duration, draft.segments);

  /** The message next to a field: the server's, else the schema's once the field was touched. */
  const messageOf = (field: ServiceFormField) => serverErrors[field] ?? (touched.has(field) ? schemaErrors[field] : undefined);

  const change = (fields: ServiceFormField[], next: (d: ServiceDraft) => ServiceDraft) => {
    setDraft(next);
    setTouched((prev) => new Set([...prev, ...fields]));
    setServerErrors((prev) => {
      const rest = { ...prev };
      for (const f of fields) delete rest[f];
      return rest;
    });
  };
  const touch = (field: ServiceFormField) => setTouched((prev) => (prev.has(field) ? prev : new Set([...prev, field])));

  const submit = async () => {
    if (!canSave || busy) return;
    setBusy(true);
    try {
      if (isNew) {
        const created = await createService(ZServiceCreate.parse(createBodyOf(draft)));
        toast.success(t('created'), { duration: SERVICES_TOAST_MS });
        router.replace(`/services/${created.id}`);
      } else {
        await updateService(service.id, ZServiceUpdate.parse(updateBodyOf(draft)));
        toast.success(t('updated'), { duration: SERVICES_TOAST_MS });
        router.replace(`/services/${service.id}`);
      }
    } catch (err) {
      if (err instanceof ApiClientError) setServerErrors(serverFieldErrors(err.details));
      if (isNew) {
        toast.error(t('createError'), { description: errorMessageOf(err, '') || undefined, duration: SERVICES_TOAST_MS });
      } else {
        toast.error(errorMessageOf(err, t('updateError')), { duration: SERVICES_TOAST_MS });
      }
      setBusy(false);
    }
  };

  return (
    <form
      className="svc-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <section className="card svc-form-card" aria-labelledby={`${ids.name}-card`}>
        <h2 id={`${ids.name}-card`} className="svc-card-title">
          {t('infoCard')}
        </h2>
        <Field id={ids.name} label={t('name')} message={messageOf('name')}>
          {(describedBy) => (
            <input
              id={ids.name}
              className="input"
              autoComplete="off"
              maxLength={120}
              required
              aria-invalid={messageOf('name') ? true : undefined}
              aria-describedby={describedBy}
              value={draft.name}
              onChange={(e) => change(['name'], (d) => ({ ...d, name: e.target.value }))}
              onBlur={() => touch('name')}
            />
          )}
        </Field>
        <Field id={ids.description} label={t('description')} message={messageOf('description')}>
          {(describedBy) => (
            <textarea
              id={ids.description}
              className="input svc-textarea"
              rows={3}
              maxLength={1000}
              required
              aria-invalid={messageOf('description') ? true : undefined}
              aria-describedby={describedBy}
              value={draft.description}
              onChange={(e) => change(['description'], (d) => ({ ...d, description: e.target.value }))}
              onBlur={() => touch('description')}
            />
          )}
        </Field>
        <Field id={ids.price} label={t('priceField')} message={messageOf('price')} hint={t('priceHint')} hintId={ids.priceHint}>
          {(describedBy) => (
            <input
              id={ids.price}
              className="input svc-price"
              inputMode="decimal"
              autoComplete="off"
              required
              aria-invalid={messageOf('price') ? true : undefined}
              aria-describedby={describedBy}
              value={draft.price}
              onChange={(e) => change(['price'], (d) => ({ ...d, price: e.target.value }))}
              onBlur={() => touch('price')}
            />
          )}
        </Field>
        <fieldset className="svc-fieldset" aria-describedby={messageOf('duration') ? `${ids.hours}-error` : undefined}>
          <legend className="svc-legend-label">{t('duration')}</legend>
          <div className="svc-duration">
            <div className="field">
              <label htmlFor={ids.hours}>{t('hours')}</label>
              <select
                id={ids.hours}
                className="input select"
                value={draft.hours}
                onChange={(e) => change(['duration', 'busy_slots'], (d) => withDuration(d, Number(e.target.value), d.minutes))}
              >
                {HOUR_OPTIONS.map((h) => (
                  <option key={h} value={h}>
                    {t('hoursOption', { hours: h })}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.minutes}>{t('minutes')}</label>
              <select
                id={ids.minutes}
                className="input select"
                value={draft.minutes}
                onChange={(e) => change(['duration', 'busy_slots'], (d) => withDuration(d, d.hours, Number(e.target.value)))}
              >
                {MINUTE_OPTIONS.map((m) => (
                  <option key={m} value={m}>
                    {t('minutesOption', { minutes: m })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {messageOf('duration') && (
            <p id={`${ids.hours}-error`} className="field-error">
              {messageOf('duration')}
            </p>
          )}
        </fieldset>
      </section>

      <section className="card svc-form-card" aria-labelledby={`${ids.segmentsHint}-card`}>
        <h2 id={`${ids.segmentsHint}-card`} className="svc-card-title">
          {t('workCard')}
        </h2>
        <p id={ids.segmentsHint} className="field-hint">
          {t('workHint')}
        </p>
        <ol className="svc-segments">
          {draft.segments.map((s, i) => {
            const n = i + 1;
            const choices = segmentChoices(duration, draft.segments, i);
            const startId = `${ids.segmentsHint}-start-${i}`;
            const endId = `${ids.segmentsHint}-end-${i}`;
            return (
              <li key={i} className="svc-segment">
                <span className="svc-segment-title">{t('segment', { n })}</span>
                <div className="field">
                  <label htmlFor={startId}>
                    {t('segmentStart')}
                    <span className="sr-only"> {t('ofSegment', { n })}</span>
                  </label>
                  <select
                    id={startId}
                    className="input select"
                    value={s.startMinutes}
                    onChange={(e) => change(['busy_slots'], (d) => setSegmentTime(d, i, 'start', Number(e.target.value)))}
                  >
                    {choices.starts.map((m) => (
                      <option key={m} value={m}>
                        {t('minutesOption', { minutes: m })}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={endId}>
                    {t('segmentEnd')}
                    <span className="sr-only"> {t('ofSegment', { n })}</span>
                  </label>
                  <select
                    id={endId}
                    className="input select"
                    value={s.endMinutes}
                    onChange={(e) => change(['busy_slots'], (d) => setSegmentTime(d, i, 'end', Number(e.target.value)))}
                  >
                    {choices.ends.map((m) => (
                      <option key={m} value={m}>
                        {t('minutesOption', { minutes: m })}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className="icon-btn svc-segment-remove"
                  aria-label={t('removeSegment', { n })}
                  disabled={draft.segments.length <= 1}
                  onClick={() => change(['busy_slots'], (d) => removeSegment(d, i))}
                >
                  <TrashIcon />
                </button>
              </li>
            );
          })}
        </ol>
        <WorkBar duration={duration} segments={draft.segments} />
        <div className="svc-add-segment">
          <Button
            variant="secondary"
            disabled={!canAdd}
            aria-describedby={!canAdd && duration > 0 ? ids.addHint : undefined}
            onClick={() => change(['busy_slots'], addSegment)}
          >
            <PlusIcon />
            {t('addSegment')}
          </Button>
          {!canAdd && duration > 0 && (
            <p id={ids.addHint} className="field-hint">
              {t('cannotAddSegment')}
            </p>
          )}
        </div>
        {messageOf('busy_slots') && <p className="field-error">{messageOf('busy_slots')}</p>}
      </section>

      {isNew && (
        <section className="card svc-form-card">
          <NewServiceStylists
            selected={draft.employees}
            message={messageOf('employees')}
            onChange={(employees) => change(['employees'], (d) => ({ ...d, employees }))}
          />
        </section>
      )}

      <div className="svc-save">
        <p id={ids.missing} className="form-error svc-missing" aria-live="polite">
          {missing.length > 0 ? t('missingFields', { fields: missing.map((f) => t(`field.${f}`)).join(', ') }) : ''}
        </p>
        <Button
          type="submit"
          block
          busy={busy}
          disabled={!canSave}
          aria-describedby={missing.length > 0 ? ids.missing : undefined}
        >
          {isNew ? t('create') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** A labelled field with its optional hint and message, the control receiving `aria-describedby`. */
function Field({
  id,
  label,
  message,
  hint,
  hintId,
  children,
}: {
  id: string;
  label: string;
  message?: string;
  hint?: string;
  hintId?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const messageId = `${id}-message`;
  const describedBy = [hint && hintId ? hintId : '', message ? messageId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint && hintId && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={messageId} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}

/** Empleados asignados of a new service: the team as check boxes. */
function NewServiceStylists({
  selected,
  message,
  onChange,
}: {
  selected: string[];
  message?: string;
  onChange: (emails: string[]) => void;
}) {
  const t = useTranslations('services');
  const team = useStaffEmployees({ revalidateOnFocus: false });
  return <TeamChecklist team={team} legend={t('employeesCard')} selected={selected} message={message} onChange={onChange} />;
}
