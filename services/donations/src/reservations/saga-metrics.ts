import { registerCounter } from '@hdiya/platform';

/**
 * How reservations end up (docs/operations.md#metrics): reserved, refused for points, unavailable (the hold failed
 * or timed out: undone), locked out (recovery won the race), recovered by the job, and the later
 * steps (confirmed by the reserver or with the code, cancelled, expired, disputed by the donor).
 */
export const sagaOutcomes = registerCounter('hdiya_reservation_saga_outcomes_total', 'Reservation saga outcomes, by outcome', ['outcome'] as const);
export type SagaOutcome =
  | 'reserved'
  | 'refused_points'
  | 'unavailable'
  | 'locked_out'
  | 'recovered'
  | 'confirmed'
  | 'confirmed_by_code'
  | 'cancelled'
  | 'expired'
  | 'disputed';

export const countSaga = (outcome: SagaOutcome, by = 1) => sagaOutcomes.inc({ outcome }, by);
