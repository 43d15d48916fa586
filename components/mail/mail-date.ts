import { shortDateOf, timeOf } from '@/lib/format';

/** `23/11/2026 10:00`, in Madrid time. */
export function dateTimeLabel(iso: string): string {
  return `${shortDateOf(iso)} ${timeOf(iso)}`;
}
