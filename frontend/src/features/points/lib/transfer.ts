import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { i18n } from '@/lib/i18n';
import { firstInvalid } from '@/lib/validation';
import { TransferPointsSchema } from '@hdiya/contracts';

export interface TransferFormValues {
  receiverIdentifier: string;
  /** the number input's text */
  points: string;
  message: string;
}

export type TransferField = 'receiverIdentifier' | 'points';

/** The first rule broken (an i18n key) and the field it concerns, or null. */
export interface TransferError {
  field: TransferField;
  key: string;
}

/**
 * docs/product.md#transfers: recipient and points required; a positive whole number; not above the available
 * balance (unknown when the points service cannot be reached: the server then decides).
 */
export function validateTransfer(values: TransferFormValues, available: number | null): TransferError | null {
  const invalid = firstInvalid(TransferPointsSchema.pick({ receiverIdentifier: true, points: true }), values);
  if (invalid) return invalid as TransferError;
  if (available !== null && Number(values.points) > available) return { field: 'points', key: 'validation.points.insufficient' };
  return null;
}

/** A fresh Idempotency-Key: a uuid where the browser offers one (secure contexts), else 128 random bits. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The server's reason for a refused transfer. `POINTS_INSUFFICIENT` also names the reservation
 * rule, so its general translation would be wrong here: a transfer says "not enough points".
 */
export function transferErrorMessage(error: unknown, t: TFunction, language: string | undefined = i18n.resolvedLanguage): string {
  if (isApiError(error) && error.code === 'POINTS_INSUFFICIENT' && !(error.fromServer && language === 'fr')) {
    return t('validation.points.insufficient');
  }
  return errorMessage(error, t, 'points.transfer.errorFallback', language);
}
