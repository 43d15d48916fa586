'use client';

import { useTranslations } from 'next-intl';
import { useClient } from '@/lib/api-client/clients';
import type { ReliabilityTier } from '@/lib/domain/reliability';

/** A reliability tier as a coloured badge: Nuevo, Fiable, En observación, Restringido, Bloqueado. */
export function ReliabilityBadge({ tier }: { tier: ReliabilityTier }) {
  const t = useTranslations('clients.reliability');
  return <span className={`badge reliability-badge reliability-${tier}`}>{t(`tier.${tier}`)}</span>;
}

/** The tier of the client `email` (its detail, loaded when shown); nothing until it arrives or for the guest. */
export function ClientReliabilityBadge({ email }: { email: string }) {
  const { data } = useClient(email, { revalidateOnFocus: false });
  return data?.reliability ? <ReliabilityBadge tier={data.reliability.tier} /> : null;
}
