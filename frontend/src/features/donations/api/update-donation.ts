import type { UpdateDonationInput } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import type { Donation } from '@/lib/donations';
import { donationKeys } from './keys';

/** PATCH /api/donations/:id → the donation (owner only, while available). */
function updateDonation({ id, changes }: { id: number; changes: UpdateDonationInput }): Promise<Donation> {
  return call('PATCH /api/donations/{id}', { params: { id }, body: changes });
}

export function useUpdateDonation() {
  return useApiMutation(updateDonation, {
    onSuccess: (queryClient, donation) => {
      queryClient.setQueryData(donationKeys.detail(donation.id), donation);
      void queryClient.invalidateQueries({ queryKey: donationKeys.favorites });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: donationKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' }),
        queryClient.invalidateQueries({ queryKey: donationKeys.mine }),
      ]);
    },
  });
}
