import { AsyncLocalStorage } from 'node:async_hooks';

// The request id of the work in progress, from the gateway's HTTP request through NATS headers
// (RPC) and event envelopes (events) into every service: each log line carries it.

export const REQUEST_ID_HEADER = 'x-request-id';

const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` (and everything it awaits) as part of request `requestId`. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : work();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** A request id a caller may give us: short, plain characters (else we make our own). */
export function acceptableRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[\w.:-]{8,64}$/.test(value);
}
