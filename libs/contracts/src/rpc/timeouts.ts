// Timeouts that must agree across processes, derived from one setting (`POINTS_RPC_TIMEOUT_MS`,
// read by the donations service and the gateway alike) so that changing it keeps them in order.

/** How long the donations service waits for the points service to hold or release points. */
export const DEFAULT_POINTS_RPC_TIMEOUT_MS = 3000;

/** The gateway waits for a reserve through the hold and, when that fails, the release, plus a margin. */
export function reserveTimeoutFor(pointsRpcTimeoutMs: number): number {
  return 2 * pointsRpcTimeoutMs + 4000;
}

/** A reservation still pending this long after it began was interrupted: nobody waits for it any more. */
export function reservationRecoveryAfterFor(pointsRpcTimeoutMs: number): number {
  return 3 * reserveTimeoutFor(pointsRpcTimeoutMs);
}
