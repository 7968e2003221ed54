import { call } from '@/lib/api-client';
import { useReservationChange } from './reservation-cache';

/** POST /api/donations/:id/confirm → 200 the donation, completed (reserver only); the donor gets +5, plus the +5 for publishing it. */
export function useConfirmReception() {
  return useReservationChange((id) => call('POST /api/donations/{id}/confirm', { params: { id } }));
}

/**
 * POST /api/donations/:id/dispute → 200 the donation, available again (its donor only, within 48
 * hours of a reception confirmed without the code); 409 `RECEPTION_NOT_DISPUTABLE` past that.
 */
export function useDisputeReception() {
  return useReservationChange((id) => call('POST /api/donations/{id}/dispute', { params: { id } }));
}
