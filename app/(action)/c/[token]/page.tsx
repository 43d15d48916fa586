import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AppointmentAction } from '@/components/actions/appointment-action';
import { ClaimAction } from '@/components/actions/claim-action';
import { serverNow } from '@/lib/server/clock';
import { getDb } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { consume } from '@/lib/server/rate-limit';
import { readActionLink } from '@/lib/server/services/action-link';
import { currentTenant } from '@/lib/server/tenancy';
import { ZActionTokenParams, type ActionView } from '@/lib/validation/actions';
import { CLIENT_IP_HEADER } from '@/lib/tenant-host';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('action');
  return { title: t('title'), robots: { index: false } };
}

/**
 * `/c/{token}` (beyond-the-spec sections 3 and 4): an action link from a confirmation request, a reminder or a
 * waitlist offer, opened without a session. An appointment link shows the appointment (salon, date, time,
 * services, stylist) and "Confirmo" / "No puedo ir"; a claim link shows the hour offered and "Reservar este
 * hueco"; or it says plainly that the link is unknown, has expired (the hour has started) or what became of it. Each view spends the same per-IP budget as the API.
 */
export default async function ActionPage({ params }: { params: Promise<{ token: string }> }) {
  const tenant = await currentTenant();
  if (!tenant) notFound();
  const t = await getTranslations('errors');
  const parsed = ZActionTokenParams.safeParse(await params);
  let view: ActionView | null = null;
  let problem: string | null = null;
  if (!parsed.success) problem = t('actionLinkUnknown');
  else {
    try {
      const ip = (await headers()).get(CLIENT_IP_HEADER);
      if (ip) await consume('actionLinkPerIp', ip);
      view = await readActionLink(await getDb(), tenant.id, parsed.data.token, serverNow());
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      problem = err.message;
    }
  }
  if (view?.purpose === 'claim') return <ClaimAction token={parsed.data!.token} initial={view} />;
  return <AppointmentAction token={parsed.success ? parsed.data.token : ''} initial={view} problem={problem} />;
}
