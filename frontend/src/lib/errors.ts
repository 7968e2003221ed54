import type { TFunction } from 'i18next';
import { isApiError } from './api-client';
import { i18n } from './i18n';
import { formatDateTime } from './relative-time';

/** The gateway writes its messages in French (docs/product.md#errors). */
const SERVER_LANGUAGE = 'fr';

/**
 * What the UI shows for a failed call.
 * - On a French screen, the server's own message: same language, and the most precise text
 *   (a VALIDATION_FAILED message names the rule that failed; the code alone does not).
 * - Otherwise the translation of the error `code`, so an Arabic screen never shows French when a
 *   translation exists; else the server's message; else the screen's own fallback text.
 * - A limit that frees up at a known time (`retryAt`) is always the translation, with that time in
 *   the member's language and time zone (the server can only write Morocco's).
 * - A suspended member's sign-in is always the translation, with the moderator's reason and the
 *   end of the suspension in the member's language (or "permanently").
 */
export function errorMessage(
  error: unknown,
  t: TFunction,
  fallbackKey: string,
  language: string | undefined = i18n.resolvedLanguage,
): string {
  if (isApiError(error)) {
    if (error.code === 'MEMBER_SUSPENDED' && error.suspension) {
      const { reason, until } = error.suspension;
      if (!until) return t('auth.suspended.permanent', { reason });
      return t('auth.suspended.until', { reason, when: formatDateTime(until, language ?? SERVER_LANGUAGE) });
    }
    if (error.code && error.retryAt && !Number.isNaN(Date.parse(error.retryAt))) {
      const when = formatDateTime(error.retryAt, language ?? SERVER_LANGUAGE);
      const translated = t(`errors.${error.code}`, { when, defaultValue: '' });
      if (translated) return translated;
    }
    if (error.fromServer && language === SERVER_LANGUAGE) return error.message;
    const translated = error.code ? t(`errors.${error.code}`, { defaultValue: '' }) : '';
    if (translated) return translated;
    if (error.fromServer) return error.message;
  }
  return t(fallbackKey);
}
