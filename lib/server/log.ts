import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { env } from '@/lib/server/env';

/**
 * The server's structured log: one JSON object per line on stdout, e.g.
 * `{"level":"info","time":"2026-11-23T07:00:00.000Z","component":"api","request_id":"…","tenant":"klok",
 * "route":"/api/v1/users/{email}","method":"GET","status":200,"duration_ms":12.3,"msg":"request"}`.
 *
 * - Level from LOG_LEVEL (`fatal` … `trace`, `silent`); `info` by default, `silent` under Jest.
 * - Errors go under `err` (pino's serializer: type, message, stack).
 * - Personal data (e-mail, phone, name) never belongs in a line at info level: log ids and route patterns.
 *   As a second line of defence the usual personal fields are censored wherever they appear at the top level
 *   or one level down.
 * Lines are written synchronously (stdout is synchronous for files and pipes on Linux), so nothing is lost
 * when the process exits right after a line.
 */

type Sink = (line: string) => void;

const stdoutSink: Sink = (line) => {
  process.stdout.write(line);
};
let sink: Sink = stdoutSink;
const destination: DestinationStream = { write: (line: string) => sink(line) };

/** Personal fields censored in any line (top level and one level down). */
const PERSONAL = ['email', 'phone', 'name', 'first_name', 'last_name', 'full_name'];

type Holder = { logger?: Logger };
const holder: Holder = {};

/** The process's logger (created at first use with LOG_LEVEL). Prefer `logger().child({ component })`. */
export function logger(): Logger {
  holder.logger ??= pino(
    {
      level: env().LOG_LEVEL ?? (env().NODE_ENV === 'test' ? 'silent' : 'info'),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...PERSONAL, ...PERSONAL.map((p) => `*.${p}`)], censor: '[redacted]' },
    },
    destination,
  );
  return holder.logger;
}

/**
 * Sends every line to `fn` instead of stdout (tests read the log this way); `null` restores stdout.
 * The level is kept, so set LOG_LEVEL before the first `logger()` call.
 */
export function setLogSink(fn: Sink | null): void {
  sink = fn ?? stdoutSink;
}

/** A valid request id: 1–128 characters of `A-Z a-z 0-9 . _ : -` (a UUID, a proxy's hex id…). */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
