import type { SuspensionNotice } from './member-reports.js';
import type { GiftInProgressView } from './account-deletion.js';

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
  /** MEMBER_SUSPENDED: why and until when, for the web app to say in the member's language. */
  suspension?: SuspensionNotice;
}

/** The one error shape of `/api`: `{statusCode, message (French), code, field?, retryAt?}`. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code: ErrorCode;
  field?: string;
  /** When a time-bound limit frees up (ISO 8601): the web app shows it in the member's language. */
  retryAt?: string;
  /** MEMBER_SUSPENDED: why and until when (null: permanently). */
  suspension?: SuspensionNotice;
  /** GIFTS_IN_PROGRESS: the gifts deleting the account would cancel (decision 0074). */
  gifts?: GiftInProgressView[];
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
  // Deleting one's account (issue 47): items reserved by or from the member, to confirm cancelling
  GIFTS_IN_PROGRESS: 'GIFTS_IN_PROGRESS',
  MODERATOR_NOT_DELETABLE: 'MODERATOR_NOT_DELETABLE',
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
  IMAGE_TOO_MANY_PIXELS: 'IMAGE_TOO_MANY_PIXELS',
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
  RECEPTION_NOT_DISPUTABLE: 'RECEPTION_NOT_DISPUTABLE',
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
  // The request window (issue 23)
  REQUEST_WINDOW_INVALID: 'REQUEST_WINDOW_INVALID',
  REQUESTS_CLOSED: 'REQUESTS_CLOSED',
  REQUESTS_LIMIT: 'REQUESTS_LIMIT',
  ALREADY_ASKED: 'ALREADY_ASKED',
  REQUEST_NOT_FOUND: 'REQUEST_NOT_FOUND',
  REQUEST_NOT_OPEN: 'REQUEST_NOT_OPEN',
  CHOSEN_CANNOT_RESERVE: 'CHOSEN_CANNOT_RESERVE',
  RESERVE_BY_REQUEST: 'RESERVE_BY_REQUEST',
  // Ratings after a gift (issue 23)
  DONATION_NOT_GIVEN: 'DONATION_NOT_GIVEN',
  RATING_NOT_PARTY: 'RATING_NOT_PARTY',
  ALREADY_RATED: 'ALREADY_RATED',
  RATING_WINDOW_CLOSED: 'RATING_WINDOW_CLOSED',
  // Moderation of rating comments
  RATING_NOT_FOUND: 'RATING_NOT_FOUND',
  RATING_NO_COMMENT: 'RATING_NO_COMMENT',
  RATING_OWN: 'RATING_OWN',
  // Asks, "Je cherche" (issue 24)
  ASK_NOT_FOUND: 'ASK_NOT_FOUND',
  ASK_LIMIT: 'ASK_LIMIT',
  ASK_NOT_OPEN: 'ASK_NOT_OPEN',
  ASK_OWN: 'ASK_OWN',
  ASK_ALREADY_ANSWERED: 'ASK_ALREADY_ANSWERED',
  ASK_MATCH_NOT_FOUND: 'ASK_MATCH_NOT_FOUND',
  // Member reports and suspensions (decision 0057); asking needs a verified address
  MEMBER_SUSPENDED: 'MEMBER_SUSPENDED',
  RECIPIENT_SUSPENDED: 'RECIPIENT_SUSPENDED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  MEMBER_REPORT_SELF: 'MEMBER_REPORT_SELF',
  MEMBER_REPORT_NOT_FOUND: 'MEMBER_REPORT_NOT_FOUND',
  CONVERSATION_NOT_FOUND: 'CONVERSATION_NOT_FOUND',
  MEMBER_ALREADY_SUSPENDED: 'MEMBER_ALREADY_SUSPENDED',
  MEMBER_NOT_SUSPENDED: 'MEMBER_NOT_SUSPENDED',
  MEMBER_NOT_SUSPENDABLE: 'MEMBER_NOT_SUSPENDABLE',
  // The support inbox (issue 45)
  CONTACT_MESSAGE_NOT_FOUND: 'CONTACT_MESSAGE_NOT_FOUND',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'number' && typeof v.code === 'string' && typeof v.message === 'string';
}
