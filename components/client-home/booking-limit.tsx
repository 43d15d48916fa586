import { useTranslations } from 'next-intl';
import type { BookingOptions } from '@/lib/domain/allowance';
import { nameList } from './name-list';

type Named = { id: string; name: string };


export type BookingLimitTextProps = {
  /** `bookingOptions` of the account. */
  options: BookingOptions<Named>;
  /** The account's pending appointments (sub-users' included). */
  pending: number;
  /** The account's allowance, `n_appointments_allowed`. */
  allowed: number;
};

/**
 * The allowance sentence of Mis citas (spec section 2, "Client home"), also the explanation of a wizard
 * opened when nothing can be booked: how many appointments the client can book, or why none (the
 * allowance reached, or every person of the account already with a pending appointment, named).
 */
export function BookingLimitText({ options, pending, allowed }: BookingLimitTextProps) {
  const t = useTranslations('home');
  switch (options.blocked) {
    case null:
      return <p className="muted">{t('allowed', { count: options.available })}</p>;
    case 'restricted':
      return <p className="muted">{t('restricted')}</p>;
    case 'allowanceReached':
      if (allowed <= 0) return <p className="muted">{t('noAllowance')}</p>;
      return (
        <p className="muted">
          {t('limitReached', { pending, allowed })} {pending > 1 ? t('waitMany') : t('waitOne')}
        </p>
      );
    case 'everyoneBusy':
      return (
        <p className="muted">
          {options.busy.length > 1 ? t('everyoneBusy', { names: nameList(options.busy.map((p) => p.name)) }) : t('selfBusy')}
        </p>
      );
  }
}
