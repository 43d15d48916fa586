import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import {
  deleteWhatsAppAccountRow,
  findWhatsAppAccountRow,
  lockWhatsAppAccount,
  saveWhatsAppAccountRow,
  type WhatsAppAccountRow,
} from '@/lib/server/repositories/whatsapp-accounts';
import { decryptSecret, encryptSecret, maskSecret, secretsKey } from '@/lib/server/secrets';
import { tenantOrigin, type Tenant } from '@/lib/server/tenancy';
import { assertVersion } from '@/lib/server/version';
import type { WhatsAppSettings, WhatsAppSettingsPut } from '@/lib/validation/whatsapp';

/**
 * The tenant's WhatsApp Business Platform connection (beyond-the-spec section 5), set by admins on Ajustes del
 * negocio: read with the credentials masked, saved encrypted with SECRETS_KEY, removed. Without a connection
 * WhatsApp messages go to the development provider (the log).
 */

/** The path of the webhook Meta calls (verification handshake, replies and delivery statuses). */
export const WHATSAPP_WEBHOOK_PATH = '/api/v1/webhooks/whatsapp';

/** A stored credential masked for the screen; one that cannot be decrypted (another SECRETS_KEY) shows only the dots. */
function masked(stored: string, key: Buffer | null): string {
  if (!key) return maskSecret('');
  try {
    return maskSecret(decryptSecret(stored, key));
  } catch {
    return maskSecret('');
  }
}

/** The connection as admins read it: masked credentials, the verify token and the tenant's webhook URL. */
function settingsOf(tenant: Pick<Tenant, 'slug'>, row: WhatsAppAccountRow | null): WhatsAppSettings {
  const webhook_url = `${tenantOrigin(tenant.slug)}${WHATSAPP_WEBHOOK_PATH}`;
  if (!row) {
    return { connected: false, phone_number_id: null, access_token: null, app_secret: null, verify_token: null, webhook_url, version: '0' };
  }
  const key = secretsKey();
  return {
    connected: true,
    phone_number_id: row.phoneNumberId,
    access_token: masked(row.accessToken, key),
    app_secret: masked(row.appSecret, key),
    verify_token: row.verifyToken,
    webhook_url,
    version: String(row.version),
  };
}

/** `GET /facility/1/whatsapp` (admins): the tenant's connection, credentials masked ("••••a1b2"), never whole. */
export async function readWhatsAppSettings(db: DbOrTx, tenant: Pick<Tenant, 'id' | 'slug'>): Promise<WhatsAppSettings> {
  return settingsOf(tenant, await findWhatsAppAccountRow(db, tenant.id));
}

/**
 * `PUT /facility/1/whatsapp` (admins): connects the tenant's WhatsApp Business number or changes its
 * connection. The access token and the app secret are stored encrypted (AES-256-GCM with SECRETS_KEY); while
 * connected, one left out keeps the stored one, and the first connection needs both (400 with the missing
 * fields in `details.fields`). The verify token of the webhook's handshake is generated on the first
 * connection and kept on later saves. With `version` (the connection's as loaded; "0": not connected), a
 * different current one answers 409 `conflict` with `details.current` and nothing is stored; changes run one
 * after the other under the tenant row's lock. Without an encryption key (production without SECRETS_KEY)
 * answers 422 `unprocessable` and stores nothing. Returns the connection as GET shows it. Errors: 404 unknown
 * tenant.
 */
export async function saveWhatsAppSettings(db: Db, tenant: Pick<Tenant, 'id' | 'slug'>, input: WhatsAppSettingsPut): Promise<WhatsAppSettings> {
  const key = secretsKey();
  if (!key) throw new ApiError('unprocessable', errorMessage('secretsKeyMissing'));
  return db.transaction(async (tx) => {
    const { found, row } = await lockWhatsAppAccount(tx, tenant.id);
    if (!found) throw new ApiError('not_found', errorMessage('tenantNotFound'));
    assertVersion(input.version, settingsOf(tenant, row));
    if (!row && (input.access_token === undefined || input.app_secret === undefined)) {
      const message = errorMessage('whatsappCredentialsRequired');
      const fields = (['access_token', 'app_secret'] as const).filter((f) => input[f] === undefined).map((path) => ({ path, message }));
      throw new ApiError('bad_request', message, { fields });
    }
    const saved = await saveWhatsAppAccountRow(tx, tenant.id, {
      phoneNumberId: input.phone_number_id,
      accessToken: input.access_token !== undefined ? encryptSecret(input.access_token, key) : row!.accessToken,
      appSecret: input.app_secret !== undefined ? encryptSecret(input.app_secret, key) : row!.appSecret,
      verifyToken: row?.verifyToken ?? randomBytes(24).toString('base64url'),
    });
    return settingsOf(tenant, saved);
  });
}

/**
 * `DELETE /facility/1/whatsapp` (admins): removes the tenant's connection and its stored credentials (also
 * when there was none). WhatsApp messages of the tenant then go to the development provider (the log).
 */
export async function disconnectWhatsApp(db: DbOrTx, tenantId: number): Promise<void> {
  await deleteWhatsAppAccountRow(db, tenantId);
}
