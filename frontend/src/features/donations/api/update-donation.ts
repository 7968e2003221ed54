import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';
import type { UpdateDonationInput } from '@hdiya/contracts';


/** PATCH /api/donations/:id → the donation (owner only, while available). */
export function updateDonation({ id, changes }: { id: number; changes: UpdateDonationInput }): Promise<Donation> {
  return call('PATCH /api/donations/{id}', { params: { id }, body: changes });
}

export function useUpdateDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDonation,
    onSuccess: (donation) => {
      queryClient.setQueryData(donationKeys.detail(donation.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationKeys.favorites });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: donationKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' }),
        queryClient.invalidateQueries({ queryKey: donationKeys.mine }),
      ]);
    },
  });
}
