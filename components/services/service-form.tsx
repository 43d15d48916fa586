'use client';

import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { EditForm } from '@/components/ui/edit-form';
import { Field, SelectField } from '@/components/ui/field';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader, useBack } from '@/components/ui/page-header';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { ApiClientError, errorMessageOf } from '@/lib/api-client/fetcher';
import { createService, updateService } from '@/lib/api-client/services';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { canAddSegment } from '@/lib/domain/service';
import type { Service } from '@/lib/validation/dto';
import {
  ZServiceCreate,
  ZServiceUpdate,
  missingServiceFields,
  type ServiceFormField,
} from '@/lib/validation/services';
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
import { keepServiceDraft } from './keep-service-draft';
import { useMissingFieldsText } from './missing-fields';
import { TeamChecklist } from './stylist-checklist';
import { ServiceEditor } from './with-service';
import { WorkBar } from './work-bar';
import './services.css';

type FieldMessages = Partial<Record<ServiceFormField, string>>;

/** Nuevo Servicio (`/services/new`): information, working time and the stylists who offer it. */
export function NewServiceScreen() {
  const t = useTranslations('services');
  return (
    <div className="screen">
      <PageHeader fallbackHref="/services" title={t('newService')} />
      <ServiceForm />
    </div>
  );
}

/**
 * Editar información (`/services/{id}/edit/information`): information and working time of a service;
 * once saved, back to where the user came from (the detail).
 */
export function EditServiceInfoScreen({ id }: { id: number }) {
  const t = useTranslations('services');
  return (
    <ServiceEditor id={id} title={t('editInformation')}>
      {(service) => <ServiceForm key={service.id} service={service} />}
    </ServiceEditor>
  );
}

/**
 * The new/edit service form (spec section 5). The request body is checked with the contract's schema
 * (`ZServiceCreate` or `ZServiceUpdate`); the save button is enabled only when something changed and the
 * body is valid, and otherwise names the missing fields (Faltan campos por rellenar …). Field messages
 * show once a field was touched, and the server's 400/422 field messages next to their fields. An edit
 * sends the version the service was loaded with; a stale save shows Los datos han cambiado… with the
 * current service, keeping what was changed here (`keepServiceDraft`).
 */
function ServiceForm({ service }: { service?: Service }) {
  const t = useTranslations('services');
  const router = useRouter();
  const back = useBack(service ? `/services/${service.id}` : '/services');
  const missingText = useMissingFieldsText();
  const isNew = service === undefined;
  const {
    loaded: initial,
    version,
    draft,
    setDraft,
    handleStale,
  } = useVersionedDraft(service, draftFromService, keepServiceDraft, { fresh: emptyDraft });
  const [touched, setTouched] = useState<ReadonlySet<ServiceFormField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const ids = {
    name: useId(),
    description: useId(),
    price: useId(),
    hours: useId(),
    minutes: useId(),
    segmentsHint: useId(),
    addHint: useId(),
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

  const hoursText = (hours: number) => t('hoursOption', { hours });
  const minutesText = (minutes: number) => t('minutesOption', { minutes });

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
        toastSuccess(t('created'));
        // The form is done with: its entry gives way to the new service's detail.
        router.replace(`/services/${created.id}`);
      } else {
        await updateService(service.id, { ...ZServiceUpdate.parse(updateBodyOf(draft)), version });
        toastSuccess(t('updated'));
        back();
      }
    } catch (err) {
      if (!isNew && handleStale(err)) {
        setBusy(false);
        return;
      }
      if (err instanceof ApiClientError) setServerErrors(serverFieldErrors(err.details));
      if (isNew) toastError(t('createError'), err);
      else toastError(errorMessageOf(err, t('updateError')));
      setBusy(false);
    }
  };

  return (
    <EditForm
      onSave={() => void submit()}
      saveLabel={isNew ? t('create') : t('save')}
      busy={busy}
      disabled={!canSave}
      message={missingText(missing)}
    >
      <section className="card svc-form-card" aria-labelledby={`${ids.name}-card`}>
        <h2 id={`${ids.name}-card`} className="svc-card-title">
          {t('infoCard')}
        </h2>
        <Field id={ids.name} label={t('name')} message={messageOf('name')}>
          {(control) => (
            <input
              {...control}
              className="input"
              autoComplete="off"
              maxLength={120}
              required
              value={draft.name}
              onChange={(e) => change(['name'], (d) => ({ ...d, name: e.target.value }))}
              onBlur={() => touch('name')}
            />
          )}
        </Field>
        <Field id={ids.description} label={t('description')} message={messageOf('description')}>
          {(control) => (
            <textarea
              {...control}
              className="input textarea"
              rows={3}
              maxLength={1000}
              required
              value={draft.description}
              onChange={(e) => change(['description'], (d) => ({ ...d, description: e.target.value }))}
              onBlur={() => touch('description')}
            />
          )}
        </Field>
        <Field id={ids.price} label={t('priceField')} message={messageOf('price')} hint={t('priceHint')}>
          {(control) => (
            <input
              {...control}
              className="input svc-price"
              inputMode="decimal"
              autoComplete="off"
              required
              value={draft.price}
              onChange={(e) => change(['price'], (d) => ({ ...d, price: e.target.value }))}
              onBlur={() => touch('price')}
            />
          )}
        </Field>
        <fieldset className="fieldset" aria-describedby={messageOf('duration') ? `${ids.hours}-error` : undefined}>
          <legend>{t('duration')}</legend>
          <div className="svc-duration">
            <SelectField
              id={ids.hours}
              label={t('hours')}
              value={draft.hours}
              options={HOUR_OPTIONS}
              format={hoursText}
              onChange={(hours) => change(['duration', 'busy_slots'], (d) => withDuration(d, hours, d.minutes))}
            />
            <SelectField
              id={ids.minutes}
              label={t('minutes')}
              value={draft.minutes}
              options={MINUTE_OPTIONS}
              format={minutesText}
              onChange={(minutes) => change(['duration', 'busy_slots'], (d) => withDuration(d, d.hours, minutes))}
            />
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
                <SelectField
                  id={startId}
                  label={t('segmentStart')}
                  labelSuffix={t('ofSegment', { n })}
                  value={s.startMinutes}
                  options={choices.starts}
                  format={minutesText}
                  onChange={(m) => change(['busy_slots'], (d) => setSegmentTime(d, i, 'start', m))}
                />
                <SelectField
                  id={endId}
                  label={t('segmentEnd')}
                  labelSuffix={t('ofSegment', { n })}
                  value={s.endMinutes}
                  options={choices.ends}
                  format={minutesText}
                  onChange={(m) => change(['busy_slots'], (d) => setSegmentTime(d, i, 'end', m))}
                />
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

    </EditForm>
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
