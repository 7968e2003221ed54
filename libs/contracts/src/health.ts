export type DependencyStatus = 'up' | 'down';

export interface HealthReport {
  service: string;
  status: DependencyStatus;
  dependencies: Record<string, DependencyStatus>;
}
