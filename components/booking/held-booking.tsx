'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useAppRouter } from '@/components/ui/use-app-router';
import { ApiClientError, ApiNetworkError, errorMessageOf } from '@/lib/api-client/fetcher';
import { insertClientAppointment } from '@/lib/api-client/booking';
import type { AvailableHour, Employee, Service } from '@/lib/validation/dto';
import { clientDraftKey, VISITOR_DRAFT_KEY } from './booking-wizard';
import { SummaryStep } from './later-steps';
import { PersonStep } from './steps';
import { anyStylist } from './visit-details';
import { useShowBooked } from './use-show-booked';
import { discardDraft, storeDraft } from './use-wizard';
import type { Person } from './wizard-state';
import './booking.css';

export type HeldBookingProps = {
  holdId: string;
  /** The held visit's services in visit order (beyond-the-spec section 2). */
  services: Service[];
  /** The stylist asked for; null for "Cualquier estilista". */
  employee: Employee | null;
  /** Madrid date, YYYY-MM-DD. */
  date: string;
  hour: AvailableHour;
  /** The client's e-mail (`client_id` of the booking). */
  email: string;
  /** The people of the account who can book now (bookingOptions); the client itself first when it can. */
  people: Person[];
  /** True when the account has sub-users: the client says for whom before confirming. */
  askPerson: boolean;
};

type State = { kind: 'booking' } | { kind: 'idle' } | { kind: 'taken' } | { kind: 'failed'; message: string; retry: boolean };

/**
 * The end of a visitor's booking (beyond-the-spec section 1, `/reservar/confirmar?hold=`): back from sign-in (and
 * onboarding for a new client), the held choice is booked by itself on the held hour (`hold_id`), and the
 * client lands on Mis citas with the new card highlighted. With sub-users, the client first says for whom.
 * A taken hour says so and offers "Elegir otra hora" (the client wizard on the hour step with the same
 * service, stylist and date); any other refusal names its cause with a way to Mis citas; a lost answer asks
 * the pending appointments whether it was booked, else offers "Reintentar".
 */
export function HeldBooking({ holdId, services, employee: asked, date, hour, email, people, askPerson }: HeldBookingProps) {
  const t = useTranslations('visitor');
  const tb = useTranslations('booking');
  const tc = useTranslations('common');
  const router = useAppRouter();
  const showBooked = useShowBooked(email, { replace: true });
  const [person, setPerson] = useState<Person | undefined>(askPerson ? undefined : people[0]);
  const [state, setState] = useState<State>(askPerson ? { kind: 'idle' } : { kind: 'booking' });
  const service = services[0]!;
  const employee = asked ?? anyStylist(tb('anyStylist'));
  const isVisit = services.length > 1 || asked === null;
  const [first, ...extra] = services;
  const started = useRef(false);

  const book = async (who: Person) => {
    setState({ kind: 'booking' });
    const body = {
      start_time: hour.start_time,
      ...(isVisit ? { service_ids: services.map((s) => s.id) } : { end_time: hour.end_time, service_id: service.id }),
      employee_id: employee.email,
      client_id: email,
      user_id: who.id,
      user_name: who.name,
      hold_id: holdId,
    };
    try {
      const eventId = await insertClientAppointment(body, email);
      discardDraft(VISITOR_DRAFT_KEY);
      await showBooked(eventId);
    } catch (err) {
      if (err instanceof ApiNetworkError) return setState({ kind: 'failed', message: tb('confirmError'), retry: true });
      if (err instanceof ApiClientError && err.code === 'slot_taken') return setState({ kind: 'taken' });
      setState({ kind: 'failed', message: errorMessageOf(err, tb('confirmError')), retry: !(err instanceof ApiClientError) || err.status >= 500 });
    }
  };

  useEffect(() => {
    if (started.current || askPerson || !people[0]) return;
    started.current = true;
    void book(people[0]);
    // Once, on arrival: the booking finishes by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The client wizard on "Elige una hora" with these services, stylist and date (and the person, when chosen). */
  const chooseOtherHour = () => {
    storeDraft(clientDraftKey(email), { step: 'hour', values: { ...(person ? { user: person } : {}), service: first, extra, employee, date } });
    discardDraft(VISITOR_DRAFT_KEY);
    router.push('/new/appointment?step=hour');
  };

  return (
    <div className="held-booking">
      <h1 className="page-title">{t('resumeTitle')}</h1>
      <SummaryStep values={{ service, employee, date, hour, user: person }} services={services} />
      {askPerson && state.kind !== 'booking' && state.kind !== 'taken' && (
        <section aria-labelledby="held-person">
          <h2 id="held-person" className="step-title">
            {tb('chooseUser')}
          </h2>
          <PersonStep people={people} value={person} onChange={setPerson} />
        </section>
      )}
      {state.kind === 'booking' && (
        <p className="held-status" role="status">
          {t('booking')}
        </p>
      )}
      {state.kind === 'taken' && (
        <>
          <p className="form-error" role="alert">
            {t('taken')}
          </p>
          <Button block onClick={chooseOtherHour}>
            {t('otherHour')}
          </Button>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <p className="form-error" role="alert">
            {state.message}
          </p>
          {state.retry && person && (
            <Button block onClick={() => void book(person)}>
              {tc('retry')}
            </Button>
          )}
          <Link href="/" className="btn btn-secondary btn-block">
            {t('goHome')}
          </Link>
        </>
      )}
      {state.kind === 'idle' && (
        <Button block disabled={!person} onClick={() => person && void book(person)}>
          {tb('confirm')}
        </Button>
      )}
    </div>
  );
}
