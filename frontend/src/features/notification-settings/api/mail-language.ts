import type { MailLanguage } from '@hdiya/contracts';
import { call } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { storeSessionUser, type User } from '@/lib/auth';

/** PATCH /api/auth/user with the language of the member's mails (a setting of its own: the screen's language switch leaves it). */
export function useMailLanguageChange() {
  return useApiMutation((language: MailLanguage): Promise<User> => call('PATCH /api/auth/user', { body: { language } }), { onSuccess: storeSessionUser });
}
