import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { refreshUserSoon } from '@/lib/auth';
import { pointsKeys } from './keys';

export interface TransferPointsInput {
  /** the recipient's phone number */
  receiverIdentifier: string;
  points: number;
  message?: string;
  /** one per form submission, reused when that submission is retried: the server transfers once */
  idempotencyKey: string;
}

export interface TransferPointsResult {
  transferId: string;
  points: number;
  senderNewBalance: number;
  receiverId: string;
  receiver: { displayName: string };
}

/**
 * POST /api/transfer-points → 201. Refusals: 404 `RECIPIENT_NOT_FOUND`, 400 `TRANSFER_TO_SELF`,
 * 400 `POINTS_INSUFFICIENT`, 400 `VALIDATION_FAILED`.
 */
export function transferPoints({ idempotencyKey, ...body }: TransferPointsInput): Promise<TransferPointsResult> {
  return api.post<TransferPointsResult>('/api/transfer-points', body, { 'Idempotency-Key': idempotencyKey });
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
