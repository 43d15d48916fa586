'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { CLIENT_TOAST_MS, toastError } from '@/components/ui/toast';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError, ApiNetworkError, errorMessageOf } from '@/lib/api-client/fetcher';
import { useHours, useServices, useVisitEmployees } from '@/lib/api-client/hooks';
import { madridDate } from '@/lib/domain/time';
import type { Hold, Service } from '@/lib/validation/dto';
import { useHoursCheck } from './hours-check';
import { hoursPath, isAnyStylist, visitServices } from './visit-choice';
import { loadable, PersonStep, ServiceStep } from './steps';
import { useShowBooked } from './use-show-booked';
import { useWizard } from './use-wizard';
import { WizardFrame } from './wizard-frame';
import { flowSteps, personStillBookable, type Person, type WizardValues } from './wizard-state';

/**
 * The stylist, date, hour and summary steps (./later-steps: the month calendar and the date formats) are not in
 * the page's first-load JavaScript: they load after the first view (see the effect below), a spinner standing
 * in should a step be reached first.
 */
const loadLaterSteps = () => import('./later-steps');
/** The booking call (idempotency keys, the pending check) and the visitor's hold: needed at "Confirmar cita" only. */
const loadBooking = () => Promise.all([import('@/lib/api-client/booking'), import('@/lib/api-client/holds')]);
const DateStep = dynamic(() => loadLaterSteps().then((m) => m.ClientDateStep), { loading: () => <Spinner /> });
const HourStep = dynamic(() => loadLaterSteps().then((m) => m.HourStep), { loading: () => <Spinner /> });
const SummaryStep = dynamic(() => loadLaterSteps().then((m) => m.SummaryStep), { loading: () => <Spinner /> });
const EmployeeStep = dynamic(() => loadLaterSteps().then((m) => m.ClientEmployeeStep), { loading: () => <Spinner /> });
/** The visitor's sign-in choice (the e-mail form and its validation): loaded only when a visitor confirms. */
const IdentifyDialog = dynamic(() => import('./identify-dialog').then((m) => m.IdentifyDialog), { loading: () => null });
/**
 * "Avísame si se libera un hueco" under a signed-in client's hours (beyond-the-spec section 4); its sheet and
 * form load only when used. `loading` keeps the hour step from waiting for the module.
 */
const loadWaitlistPrompt = () => import('@/components/waitlist/waitlist-prompt');
const WaitlistPrompt = dynamic(() => loadWaitlistPrompt().then((m) => m.WaitlistPrompt), { loading: () => null });

/** The signed-in client booking (spec section 4). */
export type ClientBooking = {
  visitor?: false;
  /** The client's e-mail (`client_id` of the booking). */
  email: string;
  /** The client itself, booked for when the account has no sub-users. */
  self: Person;
  /** True when the account has sub-users: the wizard first asks for whom the appointment is. */
  askPerson: boolean;
  /** The people the client may book for (the client and sub-users without a pending appointment). */
  people: Person[];
  /** The client and sub-users left out because they already have a pending appointment (named on the person step). */
  busy?: Person[];
  /**
   * The bookable services (`?associated=true`) as the server page read them: the service step renders
   * without a client-side fetch; SWR revalidates the list after hydration.
   */
  initialServices?: Service[];
};

/**
 * A visitor without a session (beyond-the-spec section 1, `/reservar`): the same steps without the person
 * step; "Confirmar cita" holds the hour and asks how to identify.
 */
export type VisitorBooking = { visitor: true; initialServices?: Service[] };

export type BookingWizardProps = ClientBooking | VisitorBooking;

/** The visitor's draft key: one per browser tab (session storage), whoever signs in afterwards. */
export const VISITOR_DRAFT_KEY = 'klok-wizard:visitor';
/** A client's draft key: one per account, so another client signing in on this tab starts afresh. */
export const clientDraftKey = (email: string) => `klok-wizard:client:${email}`;

/**
 * Nueva cita, client flow (spec sections 2 and 4): [person,] service, employee, date, hour and
 * summary behind a step bar. Siguiente needs the step's value; leaving the date step checks there
 * are free hours; clicking an earlier step clears the later ones; confirming books and goes home. The
 * steps follow the browser history and survive a reload; once something was chosen, closing (the X or the
 * header's title) asks ¿Salir sin guardar? first. A visitor (`visitor: true`) books the same way up to the
 * summary, where "Confirmar cita" holds the hour for 10 minutes and opens the sign-in choice (IdentifyDialog);
 * a hour taken meanwhile sends it back to "Elige una hora". A visit (beyond-the-spec section 2): the service
 * step takes up to 4 services, the stylist step offers "Cualquier estilista" first when two or more stylists
 * can share them, the hours are the visit's (its services back to back) and the summary lists each service.
 * Under a signed-in client's hours, "Avísame si se libera un hueco" puts the choice on the waitlist
 * (beyond-the-spec section 4); it leads when the date has no free hour.
 */
export function BookingWizard(props: BookingWizardProps) {
  const { initialServices } = props;
  const visitor = props.visitor === true;
  const email = props.visitor ? null : props.email;
  const askPerson = props.visitor ? false : props.askPerson;
  const people = props.visitor ? [] : props.people;
  const busy = props.visitor ? [] : (props.busy ?? []);
  const t = useTranslations('booking');
  const showBooked = useShowBooked(email ?? '');
  const checkHours = useHoursCheck();
  const steps = useMemo(() => flowSteps('client', { askPerson }), [askPerson]);
  const [today] = useState(() => madridDate(Date.now()));
  // The later steps' code (the calendar, the date formats) and the booking call load right after the first
  // view, before they are needed (and while the network is there).
  useEffect(() => {
    void loadLaterSteps();
    void loadBooking();
    if (!visitor) void loadWaitlistPrompt();
  }, [visitor]);
  const [confirming, setConfirming] = useState(false);
  // A second tap before the button shows busy (the same frame) confirms nothing more.
  const confirmingNow = useRef(false);

  const [held, setHeld] = useState<Hold | null>(null);

  // The salon's services in its order (the visit's order).
  const services = useServices({ associated: true }, initialServices ? { fallbackData: initialServices } : undefined);

  const wizard = useWizard({
    steps,
    initial: props.visitor || askPerson ? {} : { user: props.self },
    sessionKey: email === null ? VISITOR_DRAFT_KEY : clientDraftKey(email),
    // A draft for a person who has booked since (another tab) starts afresh on the person step.
    acceptDraft: (v) => visitor || personStillBookable(v, people),
    beforeAdvance: async (step, v) => {
      if (step !== 'date') return null;
      if (!v.date || !v.employee || !v.service) return t('selectValue');
      return checkHours(hoursPath(v.date, v.employee, visitServices(v.service, v.extra, services.data)));
    },
  });
  const { step, values, set } = wizard;

  // The visit: the chosen service and the added ones, in the salon's order (beyond-the-spec section 2).
  const visit = visitServices(values.service, values.extra, services.data);
  const perService = useVisitEmployees(visit.map((s) => s.id));
  const hours = useHours(values.date && values.employee && visit.length > 0 ? hoursPath(values.date, values.employee, visit) : null);
  /** The booking's services: the spec's `service_id` for one service by a named stylist, else the visit's `service_ids`. */
  const isVisit = visit.length > 1 || isAnyStylist(values.employee);
  /** The hours of the chosen date have loaded, and none is free. */
  const noHours = hours.data !== undefined && hours.data.every((g) => g.hours.length === 0);

  /** The hour went to someone else meanwhile: reload the free hours and let the client pick again. */
  const hourTaken = () => {
    void hours.mutate();
    wizard.reopen('hour');
  };

  const holdForVisitor = async () => {
    const { service, employee, hour } = values;
    if (!service || !employee || !hour) return wizard.setMessage(t('selectValue'));
    if (confirmingNow.current) return;
    confirmingNow.current = true;
    setConfirming(true);
    try {
      const [, { holdHour }] = await loadBooking();
      setHeld(await holdHour({ start_time: hour.start_time, employee_id: employee.email, service_ids: visit.map((s) => s.id) }));
    } catch (err) {
      toastError(errorMessageOf(err, t('confirmError')), undefined, { duration: CLIENT_TOAST_MS });
      if (err instanceof ApiClientError && err.code === 'slot_taken') hourTaken();
    } finally {
      confirmingNow.current = false;
      setConfirming(false);
    }
  };

  const confirm = async () => {
    if (email === null) return holdForVisitor();
    const { user, service, employee, hour } = values;
    if (!user || !service || !employee || !hour) return wizard.setMessage(t('selectValue'));
    if (confirmingNow.current) return;
    confirmingNow.current = true;
    setConfirming(true);
    const booking = {
      start_time: hour.start_time,
      ...(isVisit ? { service_ids: visit.map((s) => s.id) } : { end_time: hour.end_time, service_id: service.id }),
      employee_id: employee.email,
      client_id: email,
      user_id: user.id,
      user_name: user.name,
    };
    try {
      // Retried once with the same Idempotency-Key when no answer arrives; then the pending appointments tell.
      const [{ insertClientAppointment }] = await loadBooking();
      const eventId = await insertClientAppointment(booking, email);
      wizard.discard();
      await showBooked(eventId);
    } catch (err) {
      confirmingNow.current = false;
      setConfirming(false);
      toastError(errorMessageOf(err instanceof ApiNetworkError ? null : err, t('confirmError')), undefined, { duration: CLIENT_TOAST_MS });
      // Any other refusal (allowance, the person's pending appointment, a rule) keeps the choices as they are.
      if (err instanceof ApiClientError && err.code === 'slot_taken') hourTaken();
    }
  };

  return (
    <WizardFrame
      wizard={wizard}
      confirm={{ label: t('confirm'), busy: confirming, onClick: () => void confirm() }}
      close={{ ask: true, href: visitor ? '/login' : '/' }}
    >
      {step === 'user' && <PersonStep people={people} busy={busy} value={values.user} onChange={(p) => set('user', p)} />}
      {step === 'service' && (
        <ServiceStep
          services={loadable(services)}
          value={values.service}
          onChange={(s) => set('service', s)}
          extra={values.extra}
          onExtraChange={(extra) => set('extra', extra)}
        />
      )}
      {step === 'employee' && (
        <EmployeeStep perService={loadable(perService)} value={values.employee} onChange={(e) => set('employee', e)} />
      )}
      {step === 'date' && values.employee && (
        <DateStep today={today} employee={values.employee} perService={loadable(perService)} value={values.date} onChange={(d) => set('date', d)} />
      )}
      {step === 'hour' && <HourStep hours={loadable(hours)} value={values.hour} onChange={(h) => set('hour', h)} />}
      {step === 'hour' && email !== null && hours.data !== undefined && values.user && values.employee && values.date && visit.length > 0 && (
        <WaitlistPrompt
          email={email}
          services={visit}
          stylist={values.employee}
          people={people}
          person={values.user.id}
          date={values.date}
          empty={noHours}
        />
      )}
      {step === 'summary' && isComplete(values) && <SummaryStep values={values} services={visit} />}
      {visitor && held && <IdentifyDialog hold={held} onClose={() => setHeld(null)} />}
    </WizardFrame>
  );
}

function isComplete(values: WizardValues): values is WizardValues & Required<Pick<WizardValues, 'service' | 'employee' | 'date' | 'hour'>> {
  return Boolean(values.service && values.employee && values.date && values.hour);
}
