/**
 * Errors that say the database could not take the work now, not that the work was wrong: no
 * connection free within DATABASE_ACQUIRE_TIMEOUT_MS, a statement or a lock wait cut by its
 * timeout, a connection lost. The transaction did not commit, so the caller may simply try again:
 * a 503, never a 500 (which would say something is broken).
 */
const OVERLOAD_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '08000', // connection_exception and its kinds
  '08003',
  '08006',
]);

const OVERLOAD_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /Connection terminated unexpectedly/i];

export function isDatabaseOverload(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code ?? (error as { driverError?: { code?: unknown } }).driverError?.code;
  if (typeof code === 'string' && OVERLOAD_CODES.has(code)) return true;
  return OVERLOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}
