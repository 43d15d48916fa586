import net from 'node:net';
import { closeDb } from '@/lib/server/db/client';

/**
 * Registers hooks (in the calling file or `describe`) that point DATABASE_URL at a TCP server which accepts
 * connections and never says a word, not even the startup answer: a database that hangs. The pool waits at
 * most `connectTimeoutMs` (DB_CONNECT_TIMEOUT_MS) for a connection. Closes the process's database after.
 */
export function withSilentDatabase(connectTimeoutMs: number): void {
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/klok`;
    process.env.DB_CONNECT_TIMEOUT_MS = String(connectTimeoutMs);
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await closeDb().catch(() => undefined);
  });
}
