/**
 * Next.js instrumentation: runs once when a server process starts. On the Node.js runtime it starts the
 * outbox worker (lib/server/notifications/worker.ts), which delivers queued e-mails and runs the
 * periodic jobs registered with `registerPeriodicJob` (add them here, before `startOutboxWorker()`).
 * Skipped during `next build` and when `OUTBOX_WORKER=0`.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { registerPeriodicJob, startOutboxWorker } = await import('./lib/server/notifications/worker');
  const { REMINDER_SCAN_MS, scanReminders } = await import('./lib/server/notifications/reminders');
  registerPeriodicJob('reminders', REMINDER_SCAN_MS, scanReminders);
  startOutboxWorker();
}
