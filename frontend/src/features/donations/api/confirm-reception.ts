import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { refreshAfterReservationChange } from './reservation-cache';

/** POST /api/donations/:id/confirm → 200 the donation, completed (reserver only); the donor gets +5, plus the +5 for publishing it. */
export function confirmReception(id: number): Promise<Donation> {
  return api.post<Donation>(`/api/donations/${id}/confirm`);
}

export function useConfirmReception() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReception,
    onSettled: (answer, _error, id) => void refreshAfterReservationChange(queryClient, id, answer),
  });
}
