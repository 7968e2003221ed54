/**
 * A business refusal or failure as it crosses NATS: services throw it, the gateway maps `status`
 * to the HTTP status and passes `code`/`message` through. `message` is French; `code` is stable
 * and lets the web app translate.
 */
export interface RpcErrorBody {
  status: number;
  code: ErrorCode;
  message: string;
  field?: string;
}

export const ErrorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  FORBIDDEN_ORIGIN: 'FORBIDDEN_ORIGIN',
  NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PHONE_TAKEN: 'PHONE_TAKEN',
  RATE_LIMITED: 'RATE_LIMITED',
  DONATION_NOT_FOUND: 'DONATION_NOT_FOUND',
  DONATION_NOT_OWNER: 'DONATION_NOT_OWNER',
  DONATION_NOT_EDITABLE: 'DONATION_NOT_EDITABLE',
  DONATION_NOT_DELETABLE: 'DONATION_NOT_DELETABLE',
  DONATION_OWN: 'DONATION_OWN',
  CATEGORY_NOT_FOUND: 'CATEGORY_NOT_FOUND',
  CITY_NOT_FOUND: 'CITY_NOT_FOUND',
  IMAGE_REQUIRED: 'IMAGE_REQUIRED',
  IMAGE_INVALID: 'IMAGE_INVALID',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  IMAGE_NOT_YOURS: 'IMAGE_NOT_YOURS',
  ALREADY_REPORTED: 'ALREADY_REPORTED',
  ADMIN_ONLY: 'ADMIN_ONLY',
  POINTS_INSUFFICIENT: 'POINTS_INSUFFICIENT',
  DONATION_ALREADY_RESERVED: 'DONATION_ALREADY_RESERVED',
  DONATION_NOT_RESERVED: 'DONATION_NOT_RESERVED',
  RESERVATION_NOT_YOURS: 'RESERVATION_NOT_YOURS',
  RESERVATION_UNAVAILABLE: 'RESERVATION_UNAVAILABLE',
  RECIPIENT_NOT_FOUND: 'RECIPIENT_NOT_FOUND',
  TRANSFER_TO_SELF: 'TRANSFER_TO_SELF',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}
