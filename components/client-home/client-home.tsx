'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { ErrorIcon } from '@/components/ui/error-icon';
import { PlusIcon } from '@/components/ui/icons';
import { useFacility, usePendingAppointments, useUser } from '@/lib/api-client/hooks';
import type { Appointment, UserDetail } from '@/lib/validation/dto';
import type { WaitlistEntry } from '@/lib/validation/waitlist';
import { bookingOptions, pendingVisitPeople } from '@/lib/domain/allowance';
import { groupVisits } from '@/lib/domain/visit-groups';
import { AppointmentCard, appointmentCardId } from './appointment-card';
import { BookingLimitText } from './booking-limit';
import { downloadReminder } from './download-reminder';
import { FacilityCard } from './facility-card';
import { greetingName } from './greeting-name';
import { WaitlistSection } from './waitlist-section';

/** Delays of the post-booking highlight (spec section 9): on after 500 ms, off 3000 ms later. */
const HIGHLIGHT_ON_MS = 500;
const HIGHLIGHT_FOR_MS = 3000;

export type ClientHomeProps = {
  email: string;
  /**
   * The account as the server page read it, with its pending appointments: the first view renders from it
   * (no client-side fetch before the first paint); SWR revalidates both after hydration.
   */
  initialUser: UserDetail;
  /** Appointment to scroll to and highlight (`/?eventId=…` after booking). */
  highlightId: string | null;
  /** Whether the salon takes online bookings yet (lib/domain/service `bookingSetup`); else a note replaces Pedir cita. */
  onlineBooking?: boolean;
  /** The account's waitlist entries as the server page read them (revalidated by SWR after hydration). */
  initialWaitlist?: WaitlistEntry[];
};

/**
 * Mis citas (spec section 2, "Client home"): greeting, allowance sentence (or why nothing can be booked),
 * facility card, Pedir cita when some person of the account can book, the pending appointments with
 * their reminders, and the active waitlist entries (beyond-the-spec section 4) when there are any.
 */
export function ClientHome({ email, initialUser, highlightId, onlineBooking = true, initialWaitlist }: ClientHomeProps) {
  const t = useTranslations('home');
  const router = useAppRouter();
  const { data: user = initialUser } = useUser(email, { fallbackData: initialUser });
  const { data: pending, error: pendingError } = usePendingAppointments(email, { fallbackData: initialUser.pending_appointments });
  const { data: facility } = useFacility();
  const [highlighted, setHighlighted] = useState<string | null>(null);

  // After booking: scroll to the new card, highlight it for a while, then clear the URL state.
  const targetReady = Boolean(highlightId && pending?.some((a) => a.id === highlightId));
  useEffect(() => {
    if (!highlightId || !targetReady) return;
    document.getElementById(appointmentCardId(highlightId))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const on = setTimeout(() => setHighlighted(highlightId), HIGHLIGHT_ON_MS);
    const off = setTimeout(() => {
      setHighlighted(null);
      router.replace('/', { scroll: false });
    }, HIGHLIGHT_ON_MS + HIGHLIGHT_FOR_MS);
    return () => {
      clearTimeout(on);
      clearTimeout(off);
    };
  }, [highlightId, targetReady, router]);

  if (pendingError) {
    return (
      <div className="message-page" role="alert">
        <ErrorIcon />
        <p>{t('error')}</p>
      </div>
    );
  }
  if (!pending) return <Spinner />;

  const firstName = greetingName(user);
  // Pedir cita shows only when some person can still book: never a wizard that cannot finish.
  const options = bookingOptions({ id: user.id, name: user.name }, user.users, pendingVisitPeople(pending), user.n_appointments_allowed, user.reliability?.tier);
  const visits = groupVisits(pending);
  // One calendar event per visit: from its first start to its last end, with every service and stylist.
  const download = (visit: Appointment[]) => {
    const first = visit[0]!;
    const a: Appointment = {
      ...first,
      service_name: visit.map((p) => p.service_name).join(', '),
      employee_name: [...new Set(visit.map((p) => p.employee_name))].join(', '),
      end_time: visit[visit.length - 1]!.end_time,
    };
    void downloadReminder(a, facility, {
      description: t('reminderDescription', { service: a.service_name, employee: a.employee_name }),
    }, Date.now()).catch((err: unknown) => console.error('The reminder could not be built', err));
  };

  return (
    <div className="client-home">
      <section className="hero">
        <h1 className="page-title">{t('greeting', { name: firstName })}</h1>
        <BookingLimitText options={options} pending={pendingVisitPeople(pending).length} allowed={user.n_appointments_allowed} />
      </section>

      {facility && <FacilityCard facility={facility} />}

      {!onlineBooking ? (
        <p className="empty">{t('noOnlineBooking')}</p>
      ) : options.blocked === null ? (
        <Link href="/new/appointment" className="btn btn-primary btn-block btn-lg">
          <PlusIcon />
          {t('book')}
        </Link>
      ) : null}

      <section className="upcoming" aria-labelledby="upcoming-title">
        <div className="section-head">
          <h2 id="upcoming-title">{t('upcoming', { count: visits.length })}</h2>
          <span className="badge">{t('count', { count: visits.length })}</span>
        </div>
        {visits.length === 0 ? (
          <p className="empty">{t('none')}</p>
        ) : (
          <div className="card-list">
            {visits.map((visit) => (
              <AppointmentCard key={visit[0]!.id} visit={visit} highlighted={highlighted === visit[0]!.id} onDownload={download} />
            ))}
          </div>
        )}
      </section>

      <WaitlistSection email={email} accountId={user.id} initial={initialWaitlist} />
    </div>
  );
}
