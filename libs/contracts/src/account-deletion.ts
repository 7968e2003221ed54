import { z } from 'zod';
import { Messages } from './messages.js';
import { string } from './validation/fields.js';

// Deleting one's own account (issue 47, decision 0074): the request, the gifts it would cancel,
// and the French texts of its answers.

// The schema's two texts apart from the server's: the web app bundles the schema, not the rest.
const PASSWORD_REQUIRED = 'Saisissez votre mot de passe pour supprimer votre compte.';
const CONFIRM_FLAG = 'Le champ cancelGiftsInProgress doit valoir true ou false.';

export const AccountDeletionMessages = {
  passwordRequired: PASSWORD_REQUIRED,
  confirm: CONFIRM_FLAG,
  giftsInProgress: (count: number) =>
    count === 1
      ? 'Un don est en cours avec vous. Confirmez que vous l’annulez pour supprimer votre compte.'
      : `${count} dons sont en cours avec vous. Confirmez que vous les annulez pour supprimer votre compte.`,
  moderator: 'Un compte de modérateur ne se supprime pas depuis l’application : demandez d’abord à l’équipe de vous retirer ce rôle.',
  deleted: 'Votre compte est supprimé. Vos données personnelles sont effacées dès maintenant.',
} as const;

/** What other members see where a deleted member was (a message's sender, a gift's giver). */
export const DELETED_MEMBER_NAME = 'Membre supprimé';

/**
 * Whether a members read model's username is a deletion's tombstone: no member can take that
 * name (a username has no space), so the name alone tells it.
 */
export function isDeletedMemberName(username: string | null): boolean {
  return username === DELETED_MEMBER_NAME;
}

/** `DELETE /api/auth/user`: the password, and whether the gifts in progress may be cancelled. */
export const DeleteAccountSchema = z.object({
  currentPassword: string('currentPassword', PASSWORD_REQUIRED).min(1, PASSWORD_REQUIRED).max(128, Messages.passwordTooLong),
  cancelGiftsInProgress: z.boolean({ error: CONFIRM_FLAG }).optional(),
});
export type DeleteAccountInput = z.output<typeof DeleteAccountSchema>;

/** A gift the deletion would cancel: an item the member reserved (`reserver`) or one reserved from them (`owner`). */
export interface GiftInProgressView {
  donationId: number;
  title: string;
  role: 'reserver' | 'owner';
}

/** The 409's body beside code and message: which gifts. */
export interface GiftsInProgressRefusal {
  gifts: GiftInProgressView[];
}

export interface AccountDeletedView {
  deleted: true;
  message: string;
}
