'use client';

import { useId, useState } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { EditForm } from '@/components/ui/edit-form';
import { Field, SelectField } from '@/components/ui/field';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { PageHeader, useBack } from '@/components/ui/page-header';
import { toastError, toastSuccess } from '@/components/ui/toast';
import { useVersionedDraft } from '@/components/ui/use-versioned-draft';
import { ApiClientError, errorMessageOf } from '@/lib/api-client/fetcher';
import { createService, updateService } from '@/lib/api-client/services';
import { useStaffEmployees } from '@/lib/api-client/staff';
import { canAddSegment, type PartFit } from '@/lib/domain/service';
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
  cutSegments,
  draftFromService,
  durationOf,
  emptyDraft,
  fieldOfPath,
  infoChanged,
  removeSegment,
  segmentChoices,
  serverFieldErrors,
  setSegmentTime,
  shownSegments,
  updateBodyOf,
  withDuration,
  type ServiceDraft,
} from './service-draft';
import { keepServiceDraft } from './keep-service-draft';
import { useMissingFieldsText } from './missing-fields';
import { TeamChecklist } from './stylist-checklist';
import { ServiceEditor } from './with-service';
import { WorkBar, useTimelineText } from './work-bar';
import './services.css';
import { NAME_MAX } from '@/lib/validation/common';

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
 * show once a field was touched, and the server's 400/422 field messages next to their fields.
 * The busy parts are kept as the person set them while the duration changes; the ones shown, drawn and
 * saved are fitted to the chosen duration (lib/domain/service `partsFor`). When that duration cuts parts,
 * the work card says which and saving asks first; an edit that changes the timing says above the save
 * button what will be saved and what the service has now. An edit sends the version the service was
 * loaded with; a stale save shows Los datos han cambiado… with the current service, keeping what was
 * changed here (`keepServiceDraft`).
 */
function ServiceForm({ service }: { service?: Service }) {
  const t = useTranslations('services');
  const router = useAppRouter();
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
  const [confirmingCuts, setConfirmingCuts] = useState(false);
  const timelineText = useTimelineText();
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
  /** The busy parts for the chosen duration (the kept ones fitted to it): shown, drawn and saved. */
  const segments = shownSegments(draft);
  const canAdd = duration > 0 && canAddSegment(duration, segments);
  /** Kept parts the chosen duration drops or shortens (none while no duration is chosen). */
  const cuts = duration > 0 ? cutSegments(draft) : [];
  const savedTimeline = timelineText(duration, segments);
  const storedSegments = service?.busy_slots.map((b) => ({ startMinutes: b.startMinutes, endMinutes: b.endMinutes }));
  const timingChanged = service !== undefined && (duration !== service.duration || JSON.stringify(segments) !== JSON.stringify(storedSegments));
  /** The stored timing in words, when a valid edit changes it (the save summary). */
  const timingBefore = service && timingChanged && parsed.success ? timelineText(service.duration, service.busy_slots) : null;

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

  /** Guardar / Crear servicio: asks first when the chosen duration cuts busy parts. */
  const requestSave = () => {
    if (!canSave || busy) return;
    if (cuts.length > 0) setConfirmingCuts(true);
    else void submit();
  };

  const submit = async () => {
    if (!canSave || busy) return;
    setConfirmingCuts(false);
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
      onSave={requestSave}
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
              maxLength={NAME_MAX}
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
          {segments.map((s, i) => {
            const n = i + 1;
            const choices = segmentChoices(duration, segments, i);
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
                  disabled={segments.length <= 1}
                  onClick={() => change(['busy_slots'], (d) => removeSegment(d, i))}
                >
                  <TrashIcon />
                </button>
              </li>
            );
          })}
        </ol>
        <WorkBar duration={duration} segments={segments} />
        {cuts.length > 0 && (
          <div className="svc-cut-warning" role="status">
            <p className="svc-cut-title">{t('cutTitle', { duration })}</p>
            <CutList cuts={cuts} />
            <p>{t('cutRestore')}</p>
          </div>
        )}
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

      {timingBefore !== null && (
        <p className="svc-save-summary" aria-live="polite">
          {t('saveSummary', { timeline: savedTimeline })} {t('saveSummaryBefore', { timeline: timingBefore })}
        </p>
      )}
      <Dialog
        open={confirmingCuts}
        onClose={() => setConfirmingCuts(false)}
        title={t('cutConfirmTitle')}
        footer={
          <DialogActions
            confirmLabel={t('cutConfirm')}
            cancelLabel={t('cutReview')}
            busy={busy}
            onConfirm={() => void submit()}
            onCancel={() => setConfirmingCuts(false)}
          />
        }
      >
        <p>{t('cutConfirmText', { duration, timeline: savedTimeline })}</p>
        <CutList cuts={cuts} />
      </Dialog>
    </EditForm>
  );
}

/**
 * The busy parts the chosen duration cuts, as the person set them (minutes): each one left out or the
 * part it is shortened to.
 */
function CutList({ cuts }: { cuts: PartFit[] }) {
  const t = useTranslations('services');
  return (
    <ul className="svc-cut-list">
      {cuts.map((c) => (
        <li key={c.index}>
          {c.saved
            ? t('cutClipped', {
                n: c.index + 1,
                start: c.kept.startMinutes,
                end: c.kept.endMinutes,
                savedStart: c.saved.startMinutes,
                savedEnd: c.saved.endMinutes,
              })
            : t('cutDropped', { n: c.index + 1, start: c.kept.startMinutes, end: c.kept.endMinutes })}
        </li>
      ))}
    </ul>
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
