import { call } from '@/lib/api-client';
import { useReservationChange } from './reservation-cache';

/** POST /api/donations/:id/confirm → 200 the donation, completed (reserver only); the donor gets +5, plus the +5 for publishing it. */
export function useConfirmReception() {
  return useReservationChange((id) => call('POST /api/donations/{id}/confirm', { params: { id } }));
}
