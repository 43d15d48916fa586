import { ZServiceParams } from '@/lib/validation/services';

/** The service id of a `/services/{serviceId}` path (the contract's path rule), or null when it is not one. */
export function parseServiceId(raw: string): number | null {
  const parsed = ZServiceParams.shape.serviceId.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
