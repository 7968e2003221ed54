import { z } from 'zod';
import { DonationMessages, Messages, PointsMessages } from '../messages.js';
import { MAX_INT_ID, optionalText, string } from '../validation/fields.js';

/** A number or a numeric string (HTML number inputs); anything else is refused, not rounded. */
const points = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? PointsMessages.required : PointsMessages.positive) })
    .int(PointsMessages.positive)
    .min(1, PointsMessages.positive)
    .max(MAX_INT_ID, PointsMessages.insufficient),
);

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export const TransferPointsSchema = z.object({
  receiverIdentifier: string('receiverIdentifier', PointsMessages.required).trim().min(1, PointsMessages.required).max(30, Messages.invalidPhone),
  points,
  message: optionalText('message', 500),
  /** Also accepted as the `Idempotency-Key` header: a retried request transfers once. */
  idempotencyKey: z.string({ error: PointsMessages.idempotencyKey }).regex(IDEMPOTENCY_KEY, PointsMessages.idempotencyKey).optional(),
});
export type TransferPointsInput = z.output<typeof TransferPointsSchema>;

export const PointsHistoryQuerySchema = z.object({
  // At most 18 digits: always inside PostgreSQL's bigint.
  before: z.string({ error: DonationMessages.cursor }).regex(/^\d{1,18}$/, DonationMessages.cursor).optional(),
});
export type PointsHistoryQuery = z.output<typeof PointsHistoryQuerySchema>;
