import { z } from 'zod';
import { isValidDate } from '@/lib/domain/time';
import { v } from './messages';

/** A Madrid calendar date, `YYYY-MM-DD`. */
export const ZDate = z.string().refine(isValidDate, v.invalidDate);
/** An instant, ISO 8601 with offset (UTC `Z` recommended). */
export const ZInstant = z.iso.datetime({ offset: true });
/** An e-mail used as an id in paths and bodies; compared lower-case. */
export const ZEmail = z.email(v.emailInvalid).max(254, v.emailInvalid).transform((e) => e.trim().toLowerCase());
/** The facility id: always 1 (spec section 9). */
export const ZFacilityId = z.coerce.number().int().pipe(z.literal(1));
/** A positive integer id from a path or query string. */
export const ZId = z.coerce.number().int().positive().max(2_147_483_647);
