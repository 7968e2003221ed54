import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HandoverView } from '@hdiya/contracts';
import { api } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';
import { refreshAfterReservationChange } from './reservation-cache';

/** GET /api/donations/:id/handover: the reserver's code, or the tries the donor has left. */
export function useHandover(donationId: number, enabled: boolean) {
  return useQuery({ queryKey: donationKeys.handover(donationId), queryFn: () => api.get<HandoverView>(`/api/donations/${donationId}/handover`), enabled });
}

/** POST /api/donations/:id/handover {code}: the donor confirms the handover with the reserver's code. */
export function useConfirmHandover(donationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<Donation>(`/api/donations/${donationId}/handover`, { code }),
    onSettled: (answer) => {
      void queryClient.invalidateQueries({ queryKey: donationKeys.handover(donationId) });
      void refreshAfterReservationChange(queryClient, donationId, answer);
    },
  });
}
