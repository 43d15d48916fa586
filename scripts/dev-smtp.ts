/**
 * The local mail catcher: an SMTP server (smtp-server) on 127.0.0.1 that accepts every message
 * and writes it, as received, to `{dir}/tenant-{id}/{time}-{random}.eml`, where `id` is the sending salon of
 * its `X-Klok-Tenant` header (lib/mail-tenant.ts), so the staff of each salon read their own salon's
 * e-mails on the page `/mail`. A message without that header stays in `{dir}` itself, which no salon's
 * page lists. No TLS, no authentication, loopback only.
 * Development and the demo only: `scripts/start.ts` starts it when `SMTP_URL` is unset, never under
 * NODE_ENV=production unless DEV_OIDC=1 (like the local OpenID provider).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SMTPServer } from 'smtp-server';
import { tenantMailFolder, tenantOfRawMessage } from '../lib/mail-tenant';

export type DevSmtpOptions = { port: number; dir: string; host?: string };

/** Largest message accepted (bytes). */
const MAX_SIZE = 20 * 1024 * 1024;

/** A file name that sorts by arrival: `20261123T102233123Z-ab12cd34.eml`. */
function fileName(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}.eml`;
}

/** How much of a message's start is read to find its header block. */
const HEAD_BYTES = 64 * 1024;

/** The folder a written message belongs in: its tenant's (from the header block), or `dir` when untagged. */
async function folderOf(dir: string, file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const tenantId = tenantOfRawMessage(buffer.subarray(0, bytesRead).toString('latin1'));
    return tenantId === null ? dir : path.join(dir, tenantMailFolder(tenantId));
  } finally {
    await handle.close();
  }
}

/** Starts the catcher; resolves with its `smtp://` URL once it listens. */
export async function startDevSmtp(opts: DevSmtpOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const host = opts.host ?? '127.0.0.1';
  await mkdir(opts.dir, { recursive: true });
  const server = new SMTPServer({
    name: 'klok-mail-catcher',
    banner: 'Klok local mail catcher',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_SIZE,
    logger: false,
    async onData(stream, _session, callback) {
      const name = fileName();
      const tmp = path.join(opts.dir, `.${name}.tmp`);
      try {
        await pipeline(stream, createWriteStream(tmp));
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          await unlink(tmp);
          callback(Object.assign(new Error('Mensaje demasiado grande'), { responseCode: 552 }));
          return;
        }
        // Written under a hidden name first, so the page never reads half a message.
        const folder = await folderOf(opts.dir, tmp);
        await mkdir(folder, { recursive: true });
        await rename(tmp, path.join(folder, name));
        callback();
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        callback(err as Error);
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => console.error('[klok] mail catcher:', err));
  // The port actually bound (opts.port may be 0 in tests).
  const bound = (server as unknown as { server: Server }).server.address() as AddressInfo;
  return {
    url: `smtp://${host}:${bound.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
