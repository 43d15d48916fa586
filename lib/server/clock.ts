import 'server-only';

/** A source of the current instant, in ms since the epoch. */
export type Clock = () => number;

type Holder = { clock: Clock };
const holder: Holder = ((globalThis as { __klokClock?: Holder }).__klokClock ??= { clock: () => Date.now() });

/**
 * The server's current instant in ms since the epoch: the system clock unless `setClock` replaced it.
 * `route()` reads it once per request and hands it to the handler as `ctx.now`; pages read it once per
 * render; use cases take that instant as their `now` argument and never read a clock themselves, so one
 * request sees one "now" (what is past, what is pending, what a cancellation stamps).
 */
export function serverNow(): number {
  return holder.clock();
}

/**
 * Replaces the server's clock (tests set the date they need: `setClock(() => Date.parse('2026-03-02T08:00:00Z'))`);
 * `null` restores the system clock. Process-wide.
 */
export function setClock(clock: Clock | null): void {
  holder.clock = clock ?? (() => Date.now());
}
