import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { refreshAfterReservationChange } from './reservation-cache';

/**
 * POST /api/donations/:id/reserve → 200 the donation, reserved by the session member; the 2
 * points are already held. Refusals: 401, 403 `DONATION_OWN`, 409 `DONATION_ALREADY_RESERVED`,
 * 400 `POINTS_INSUFFICIENT`, 503 `RESERVATION_UNAVAILABLE`.
 */
export function reserveDonation(id: number): Promise<Donation> {
  return call('POST /api/donations/{id}/reserve', { params: { id } });
}

export function useReserveDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveDonation,
    // Not awaited: the caller's toast must not wait for the refetches.
    onSettled: (answer, _error, id) => void refreshAfterReservationChange(queryClient, id, answer),
  });
}
