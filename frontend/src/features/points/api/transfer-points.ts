import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';
import { refreshUserSoon } from '@/lib/auth';
import { pointsKeys } from './keys';
import type { TransferPointsInput as TransferPointsRequest, TransferReceipt } from '@hdiya/contracts';

/** The form's transfer: one idempotency key per submission, reused when that submission is retried. */
export type TransferPointsInput = TransferPointsRequest & { idempotencyKey: string };


/**
 * POST /api/transfer-points → 201. Refusals: 404 `RECIPIENT_NOT_FOUND`, 400 `TRANSFER_TO_SELF`,
 * 400 `POINTS_INSUFFICIENT`, 400 `VALIDATION_FAILED`.
 */
export function transferPoints({ idempotencyKey, ...body }: TransferPointsInput): Promise<TransferReceipt> {
  return call('POST /api/transfer-points', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A lost connection or a server fault may hide a transfer that happened: same key, so retrying is safe. */
const MAX_RETRIES = 2;
function mayRetry(failures: number, error: unknown): boolean {
  return failures < MAX_RETRIES && (!isApiError(error) || error.status >= 500);
}

export function useTransferPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferPoints,
    retry: mayRetry,
    retryDelay: 1000,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.history });
      void refreshUserSoon(queryClient);
    },
  });
}
