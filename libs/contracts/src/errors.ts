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
  /** When a time-bound limit frees up (ISO 8601), for the web app to show in the member's language. */
  retryAt?: string;
}

/** The one error shape of `/api`: `{statusCode, message (French), code, field?, retryAt?}`. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code: ErrorCode;
  field?: string;
  /** When a time-bound limit frees up (ISO 8601): the web app shows it in the member's language. */
  retryAt?: string;
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
  // Profile: the current password guards the e-mail and the phone
  CURRENT_PASSWORD_REQUIRED: 'CURRENT_PASSWORD_REQUIRED',
  CURRENT_PASSWORD_WRONG: 'CURRENT_PASSWORD_WRONG',
  RATE_LIMITED: 'RATE_LIMITED',
  // Account mails (issue 20)
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  VERIFICATION_TOKEN_INVALID: 'VERIFICATION_TOKEN_INVALID',
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
  WAITLIST_REFUSED: 'WAITLIST_REFUSED',
  WAITLIST_OFFER_EXPIRED: 'WAITLIST_OFFER_EXPIRED',
  HANDOVER_CODE_WRONG: 'HANDOVER_CODE_WRONG',
  HANDOVER_LOCKED: 'HANDOVER_LOCKED',
  SAVED_SEARCH_NOT_FOUND: 'SAVED_SEARCH_NOT_FOUND',
  SAVED_SEARCH_LIMIT: 'SAVED_SEARCH_LIMIT',
  // Hoarding limits (decision 0020)
  RESERVATIONS_LIMIT: 'RESERVATIONS_LIMIT',
  WAITLIST_PLACES_LIMIT: 'WAITLIST_PLACES_LIMIT',
  RESERVE_AGAIN_COOLDOWN: 'RESERVE_AGAIN_COOLDOWN',
  WAITLIST_NO_OFFER: 'WAITLIST_NO_OFFER',
  RECIPIENT_NOT_FOUND: 'RECIPIENT_NOT_FOUND',
  TRANSFER_TO_SELF: 'TRANSFER_TO_SELF',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  // points economy against pairs (decision 0019)
  WELCOME_POINTS_LOCKED: 'WELCOME_POINTS_LOCKED',
  TRANSFER_DAILY_CAP: 'TRANSFER_DAILY_CAP',
  MESSAGE_TO_SELF: 'MESSAGE_TO_SELF',
  MESSAGE_BLOCKED: 'MESSAGE_BLOCKED',
  MESSAGE_CLIENT_ID_REUSED: 'MESSAGE_CLIENT_ID_REUSED',
  NOTIFICATION_NOT_FOUND: 'NOTIFICATION_NOT_FOUND',
  // Reaching members who are away (decision 0027)
  UNSUBSCRIBE_LINK_INVALID: 'UNSUBSCRIBE_LINK_INVALID',
  // Ratings after a gift (issue 23)
  DONATION_NOT_GIVEN: 'DONATION_NOT_GIVEN',
  RATING_NOT_PARTY: 'RATING_NOT_PARTY',
  ALREADY_RATED: 'ALREADY_RATED',
  RATING_WINDOW_CLOSED: 'RATING_WINDOW_CLOSED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}
