/**
 * Next.js instrumentation: runs once when a server process starts. On the Node.js runtime it starts the
 * outbox worker (lib/server/notifications/worker.ts), which delivers queued e-mails and runs the
 * periodic jobs registered with `registerPeriodicJob` (add them here, before `startOutboxWorker()`).
 * Skipped during `next build`; the worker does not start when `OUTBOX_WORKER=0`.
 *
 * Shutdown order: the request edge (scripts/server.ts) drains HTTP first, then
 * runs the hooks registered here through lib/lifecycle.ts: the worker finishes its batch and stops, then
 * the database pool closes. Without the edge (`next start`), SIGTERM stops the worker here.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // middleware.ts (Node.js runtime, same process) checks sessions through this probe, not over loopback.
  (await import('./lib/server/auth/session-probe')).registerSessionProbe();
  const { registerPeriodicJob, startOutboxWorker, stopOutboxWorker } = await import('./lib/server/notifications/worker');
  const { REMINDER_SCAN_MS, scanReminders } = await import('./lib/server/notifications/reminders');
  const { CONFIRMATION_SCAN_MS, scanConfirmations } = await import('./lib/server/notifications/confirmations');
  const { WAITLIST_SCAN_MS, scanWaitlist } = await import('./lib/server/services/waitlist-offers');
  const { WEEKLY_SUMMARY_SCAN_MS, scanWeeklySummaries } = await import('./lib/server/notifications/weekly-summary');
  const { RATE_LIMIT_SWEEP_MS, sweepExpiredLimits } = await import('./lib/server/rate-limit');
  const { WEBHOOK_EVENTS_SWEEP_MS, sweepWebhookEvents } = await import('./lib/server/services/whatsapp-webhook');
  const { closeDb } = await import('./lib/server/db/client');
  const { onShutdown, onSigtermWithoutEdge } = await import('./lib/lifecycle');
  registerPeriodicJob('reminders', REMINDER_SCAN_MS, scanReminders);
  registerPeriodicJob('confirmations', CONFIRMATION_SCAN_MS, scanConfirmations);
  registerPeriodicJob('waitlist', WAITLIST_SCAN_MS, scanWaitlist);
  registerPeriodicJob('weekly-summary', WEEKLY_SUMMARY_SCAN_MS, scanWeeklySummaries);
  registerPeriodicJob('rate-limits', RATE_LIMIT_SWEEP_MS, async () => void (await sweepExpiredLimits()));
  registerPeriodicJob('whatsapp-webhook-events', WEBHOOK_EVENTS_SWEEP_MS, async () => void (await sweepWebhookEvents()));
  startOutboxWorker();
  onShutdown('outbox-worker', stopOutboxWorker);
  onShutdown('database', closeDb);
  onSigtermWithoutEdge(() => void stopOutboxWorker());
}
