import { call } from '@/lib/api-client';
import { useReservationChange } from './reservation-cache';

/**
 * POST /api/donations/:id/cancel → 200 the donation, available again (reserver or donor); the
 * reserver's 2 points come back a moment later.
 */
export function useCancelReservation() {
  return useReservationChange((id) => call('POST /api/donations/{id}/cancel', { params: { id } }));
}
