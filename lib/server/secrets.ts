import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/server/env';

/**
 * Credentials stored encrypted (a tenant's WhatsApp access token and app secret): AES-256-GCM with
 * SECRETS_KEY, a fresh 12-byte IV per value, as `v1.{iv}.{tag}.{ciphertext}` (base64url). Without SECRETS_KEY
 * development and tests use a fixed development key; production has none (`secretsKey` null) and refuses to
 * store credentials.
 */

const PREFIX = 'v1';

/** The 32-byte key: SECRETS_KEY as 64 hex digits or base64; the development key outside production; else null. */
export function secretsKey(): Buffer | null {
  const e = env();
  const given = e.SECRETS_KEY?.trim();
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (64 hex digits or base64)');
    return key;
  }
  if (e.NODE_ENV === 'production') return null;
  return createHash('sha256').update('klok development secrets key').digest();
}

/** Encrypts `plain` with `key`; the result is text safe to store. */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Decrypts a value of `encryptSecret`; throws when it was not made with `key` or was altered. */
export function decryptSecret(stored: string, key: Buffer): string {
  const [prefix, iv, tag, data] = stored.split('.');
  if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The masked form of a secret shown to admins: its last four characters after dots ("••••a1b2"). */
export function maskSecret(plain: string): string {
  return `••••${plain.length > 8 ? plain.slice(-4) : ''}`;
}
