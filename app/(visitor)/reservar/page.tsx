import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { BookingWizard } from '@/components/booking/booking-wizard';
import { HeldBooking } from '@/components/booking/held-booking';
import { bookingOptions } from '@/lib/domain/allowance';
import { resumePath } from '@/lib/domain/next-path';
import { HOLDER_COOKIE, holderHash } from '@/lib/server/auth/holder';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { listServices } from '@/lib/server/repositories/services';
import { getUserDto } from '@/lib/server/services/get-user';
import { heldChoiceFor } from '@/lib/server/services/resume-hold';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('visitor');
  return { title: t('title') };
}

const ZHoldParam = z.uuid();

/**
 * `/reservar` (beyond-the-spec section 1): the salon's booking from its link, no sign-in first.
 * - A visitor gets the client wizard without a session (service, stylist, date, hour, summary); "Confirmar
 *   cita" holds the hour and asks how to sign in, returning here with `?hold=`.
 * - A signed-in client with `?hold=` (its own hold: this browser's or its account's) finishes that booking
 *   (HeldBooking), after onboarding when it is new (`/onboarding?next=`); an appointment already booked
 *   with it opens Mis citas on that card. Without a usable hold, the client's own wizard (`/new/appointment`).
 * - Staff go to their agenda.
 */
export default async function ReservarPage({ searchParams }: { searchParams: Promise<{ hold?: string | string[] }> }) {
  const { tenant, user } = await getSession();
  if (!tenant) redirect('/login');
  const db = await getDb();
  if (!user) {
    const services = await listServices(db, tenant.id, { associated: true });
    return <BookingWizard visitor initialServices={services} />;
  }
  if (user.role !== 'client') redirect('/');

  const parsed = ZHoldParam.safeParse((await searchParams).hold);
  if (!parsed.success) redirect('/new/appointment');
  const holdId = parsed.data;
  const account = await getUserDto(tenant.id, user.email, serverNow());
  if (!account) redirect('/login');
  if (!account.onboarding_completed) redirect(`/onboarding?next=${encodeURIComponent(resumePath(holdId))}`);

  const token = (await cookies()).get(HOLDER_COOKIE)?.value;
  const held = await heldChoiceFor(db, tenant.id, holdId, { hash: token ? holderHash(token) : null, userId: user.id });
  if (!held) redirect('/new/appointment');
  if (held.appointmentId) redirect(`/?eventId=${encodeURIComponent(held.appointmentId)}`);

  const self = { id: account.id, name: account.name };
  const options = bookingOptions(self, account.users, account.pending_appointments.map((a) => a.user_id), account.n_appointments_allowed);
  // Nobody of the account can book: Nueva cita says why, as Mis citas does.
  if (options.blocked) redirect('/new/appointment');
  return (
    <HeldBooking
      holdId={held.holdId}
      service={held.service}
      employee={held.employee}
      date={held.date}
      hour={held.hour}
      email={user.email}
      people={options.people}
      askPerson={account.users.length > 0}
    />
  );
}
