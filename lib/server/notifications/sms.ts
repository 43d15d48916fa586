import 'server-only';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/server/env';

/**
 * Delivery of the phone verification code in development: the code is logged to the console and
 * appended to `{DATA_DIR}/sms.log` (what a developer or the end-to-end tests read). In production
 * the code is sent by Firebase phone auth in the browser and never reaches this function.
 */
export async function deliverDevCode(phone: string, code: string): Promise<void> {
  const line = `${new Date().toISOString()} ${phone} ${code}\n`;
  console.log(`[sms:dev] Código de verificación para ${phone}: ${code}`);
  const dir = env().DATA_DIR === 'memory://' ? path.resolve('.data-sms') : path.resolve(env().DATA_DIR);
  await mkdir(dir, { recursive: true });
  await appendFile(path.join(dir, 'sms.log'), line);
}
