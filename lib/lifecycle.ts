/**
 * The process's lifecycle shared by the request edge (scripts/server.ts, outside Next's bundle) and the
 * code inside Next's module graph (instrumentation.ts, app/api/ready): both see the same object on
 * `globalThis`, since they are separate module instances in one process.
 *
 * On SIGTERM the edge sets `draining` (readiness answers 503), drains the HTTP server, then runs the shutdown
 * hooks in registration order (the outbox worker, then the database pool), then exits. Imports nothing, so
 * both sides can load it.
 */
type Hook = { name: string; fn: () => Promise<void> | void };
type Lifecycle = { draining: boolean; hooks: Hook[] };

/** The process-wide lifecycle state. */
export function lifecycle(): Lifecycle {
  const g = globalThis as { __klokLifecycle?: Lifecycle };
  g.__klokLifecycle ??= { draining: false, hooks: [] };
  return g.__klokLifecycle;
}

/** Registers a step of the shutdown (run once, in registration order, after the HTTP drain); the same name replaces it. */
export function onShutdown(name: string, fn: () => Promise<void> | void): void {
  const l = lifecycle();
  const i = l.hooks.findIndex((h) => h.name === name);
  if (i >= 0) l.hooks[i] = { name, fn };
  else l.hooks.push({ name, fn });
}

/**
 * Runs the shutdown hooks one after another (each bounded by `timeoutMs`); a failing or slow hook is
 * reported through `report` and does not stop the next. Returns true when every hook finished in time.
 */
export async function runShutdownHooks(timeoutMs: number, report: (name: string, err: unknown) => void): Promise<boolean> {
  let ok = true;
  const hooks = lifecycle().hooks.splice(0);
  for (const hook of hooks) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        Promise.resolve().then(hook.fn),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`shutdown step ${hook.name} took over ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      ok = false;
      report(hook.name, err);
    } finally {
      clearTimeout(timer);
    }
  }
  return ok;
}

/**
 * Without the request edge (scripts/server.ts sets KLOK_EDGE=1 and owns SIGTERM), e.g. under `next start`,
 * runs `fn` on SIGTERM so the worker still stops cleanly. With the edge it does nothing.
 */
export function onSigtermWithoutEdge(fn: () => void): void {
  if (process.env.KLOK_EDGE !== '1') process.once('SIGTERM', fn);
}
