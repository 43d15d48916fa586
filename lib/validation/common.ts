import { z } from 'zod';
import { isValidDate } from '@/lib/domain/time';
import { v } from './messages';

/** The first date the API accepts: earlier ones are typing mistakes (and PostgreSQL has no year 0). */
export const MIN_DATE = '1900-01-01';
/** The instants the API accepts: from MIN_DATE to the end of year 9999 (UTC), what PostgreSQL stores. */
const MIN_INSTANT_MS = Date.parse(`${MIN_DATE}T00:00:00Z`);
const MAX_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** A Madrid calendar date, `YYYY-MM-DD`, from 1900. */
export const ZDate = z
  .string()
  .max(10, { error: v.invalidDate, abort: true })
  .refine((d) => isValidDate(d) && d >= MIN_DATE, v.invalidDate);
/**
 * An instant, ISO 8601 with offset (UTC `Z` recommended), from 1900 to the end of 9999 in UTC (an offset
 * may carry `9999-12-31T23:59-23:59` into year 10000, which the database cannot store). At most 40
 * characters: the format alone allows any number of fractional digits.
 */
export const ZInstant = z.iso
  .datetime({ offset: true, error: v.instantInvalid })
  .max(40, { error: v.instantInvalid, abort: true })
  .refine((s) => {
    const t = Date.parse(s);
    return t >= MIN_INSTANT_MS && t <= MAX_INSTANT_MS;
  }, v.instantInvalid);
/** An e-mail used as an id in paths and bodies; compared lower-case. */
export const ZEmail = z.email(v.emailInvalid).max(254, v.emailInvalid).transform((e) => e.trim().toLowerCase());
/** The largest PostgreSQL `integer`: larger ids would make a query fail instead of answering 404. */
export { NAME_MAX } from './limits';

export const MAX_INT_ID = 2_147_483_647;
/** A positive integer id from a path or query string. */
export const ZId = z.coerce.number().int().positive().max(MAX_INT_ID);
/** The facility id: always 1 (spec section 9). */
export const ZFacilityId = ZId.pipe(z.literal(1));
/** A positive integer id in a JSON body (a number, never a string). */
export const ZBodyId = z.number().int().positive().max(MAX_INT_ID);
/**
 * A phone number as typed (spaces, dashes, brackets and a plus allowed); the rules of lib/domain/phone
 * decide whether it is valid. 32 characters leave room for separators around the 15 digits.
 */
export const ZPhoneInput = z.string().max(32);
/**
 * The version an edit screen was loaded with (`version` of the resource's GET), sent back with a PATCH:
 * a different current version answers 409 `conflict` and nothing is written. Optional for API clients.
 */
export const ZVersion = z.string().min(1).max(64);

/**
 * An `Idempotency-Key` header (beyond-the-spec §1): 8 to 255 characters, letters, digits and `-_.:` only
 * (a UUID fits). Chosen by the caller, one per intended write.
 */
export const ZIdempotencyKey = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[A-Za-z0-9._:-]+$/);
