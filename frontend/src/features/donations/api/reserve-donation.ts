import { call } from '@/lib/api-client';
import { useReservationChange } from './reservation-cache';

/**
 * POST /api/donations/:id/reserve → 200 the donation, reserved by the session member; the 2
 * points are already held. Refusals: 401, 403 `DONATION_OWN`, 409 `DONATION_ALREADY_RESERVED`,
 * 400 `POINTS_INSUFFICIENT`, 503 `RESERVATION_UNAVAILABLE`.
 */
export function useReserveDonation() {
  return useReservationChange((id) => call('POST /api/donations/{id}/reserve', { params: { id } }));
}
