import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { HeldBooking } from '@/components/booking/held-booking';
import { bookingOptions, pendingVisitPeople } from '@/lib/domain/allowance';
import { resumePath } from '@/lib/domain/next-path';
import { HOLDER_COOKIE, holderHash } from '@/lib/server/auth/holder';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { getUserDto } from '@/lib/server/services/get-user';
import { heldChoiceFor } from '@/lib/server/services/resume-hold';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('visitor');
  return { title: t('resumeTitle') };
}

const ZHoldParam = z.uuid();

/**
 * `/reservar/confirmar?hold=` (beyond-the-spec section 1): where a visitor's booking finishes once signed in.
 * For the client's own hold (this browser's or its account's) the booking completes by itself (HeldBooking),
 * after onboarding when the client is new (`/onboarding?next=`); a hold already booked opens Mis citas on
 * that appointment. A visitor still without a session is sent to sign in and back; without a usable hold,
 * or when nobody of the account can book, the client's own Nueva cita (which says why). Staff go to the agenda.
 */
export default async function ConfirmHeldPage({ searchParams }: { searchParams: Promise<{ hold?: string | string[] }> }) {
  const { tenant, user } = await getSession();
  if (!tenant) redirect('/login');
  const parsed = ZHoldParam.safeParse((await searchParams).hold);
  if (!user) redirect(parsed.success ? `/login?next=${encodeURIComponent(resumePath(parsed.data))}` : '/reservar');
  if (user.role !== 'client') redirect('/');
  if (!parsed.success) redirect('/new/appointment');
  const holdId = parsed.data;
  const account = await getUserDto(tenant.id, user.email, serverNow());
  if (!account) redirect('/login');
  if (!account.onboarding_completed) redirect(`/onboarding?next=${encodeURIComponent(resumePath(holdId))}`);

  const token = (await cookies()).get(HOLDER_COOKIE)?.value;
  const held = await heldChoiceFor(await getDb(), tenant.id, holdId, { hash: token ? holderHash(token) : null, userId: user.id });
  if (!held) redirect('/new/appointment');
  if (held.appointmentId) redirect(`/?eventId=${encodeURIComponent(held.appointmentId)}`);

  const self = { id: account.id, name: account.name };
  const options = bookingOptions(self, account.users, pendingVisitPeople(account.pending_appointments), account.n_appointments_allowed, account.reliability?.tier);
  if (options.blocked) redirect('/new/appointment');
  return (
    <HeldBooking
      holdId={held.holdId}
      services={held.services}
      employee={held.employee}
      date={held.date}
      hour={held.hour}
      email={user.email}
      people={options.people}
      askPerson={account.users.length > 0}
    />
  );
}
