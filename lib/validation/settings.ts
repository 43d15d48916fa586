/**
 * Tenant settings (decisions "Admin-only actions"): the body of `PATCH /facility/1/settings`,
 * shared by the route handler and the "Ajustes del negocio" card. Admins only.
 */
import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';
import { ZVersion } from './common';
import messages from '@/lib/i18n/messages/es.json';

/**
 * ISO 3166 countries whose phone numbers may receive verification codes (SMS pumping): upper-case
 * two-letter codes libphonenumber knows, 1 to 50 of them, without repeats.
 */
export const ZPhoneCountries = z
  .array(
    z
      .string()
      .max(2, { error: messages.validation.phoneCountry, abort: true })
      .regex(/^[A-Z]{2}$/, messages.validation.phoneCountry)
      .refine((c) => isSupportedCountry(c), messages.validation.phoneCountry),
  )
  .min(1)
  .max(50)
  .refine((list) => new Set(list).size === list.length, messages.validation.phoneCountry);

/** Hours before the start of the confirmation request (25–168) and of the cut-off (2–24). */
export const CONFIRMATION_REQUEST_HOURS = { min: 25, max: 168 } as const;
export const CONFIRMATION_CUTOFF_HOURS = { min: 2, max: 24 } as const;

/** Confirm or release (beyond-the-spec section 3), partial: on or off, and its request and cut-off hours. */
export const ZConfirmationSettingsPatch = z
  .object({
    enabled: z.boolean().optional(),
    request_hours: z.number().int().min(CONFIRMATION_REQUEST_HOURS.min, messages.validation.requestHours).max(CONFIRMATION_REQUEST_HOURS.max, messages.validation.requestHours).optional(),
    cutoff_hours: z.number().int().min(CONFIRMATION_CUTOFF_HOURS.min, messages.validation.cutoffHours).max(CONFIRMATION_CUTOFF_HOURS.max, messages.validation.cutoffHours).optional(),
  })
  .strict();

/**
 * Partial settings, at least one of: `automatic_reminders` turns the e-mail reminder 24 hours before each
 * appointment on or off; `phone_countries` sets the countries allowed for phone verification; `confirmation`
 * changes confirm or release (for appointments booked from then on); `weekly_summary` turns the Monday
 * e-mail to the admins with the week's figures on or off.
 */
export const ZTenantSettingsPatch = z
  .object({
    automatic_reminders: z.boolean().optional(),
    phone_countries: ZPhoneCountries.optional(),
    confirmation: ZConfirmationSettingsPatch.optional(),
    weekly_summary: z.boolean().optional(),
    /** The settings' `version` as loaded: a different current one answers 409 `conflict` (nothing saved). */
    version: ZVersion.optional(),
  })
  .strict()
  .refine(
    (v) => v.automatic_reminders !== undefined || v.phone_countries !== undefined || v.confirmation !== undefined || v.weekly_summary !== undefined,
    messages.errors.invalidRequest,
  );
export type TenantSettingsPatch = z.infer<typeof ZTenantSettingsPatch>;
