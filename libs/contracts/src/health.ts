export type DependencyStatus = 'up' | 'down';

/** GET /api/ready: this gateway alone (listening, not stopping, its own NATS and Redis), for the load balancer. */
export interface ReadyReport {
  status: 'ready' | 'not ready';
  /** What is missing when not ready: `listening` (not yet, or told to stop), `nats`, `redis`. */
  missing: string[];
}

export interface HealthReport {
  service: string;
  status: DependencyStatus;
  dependencies: Record<string, DependencyStatus>;
}
