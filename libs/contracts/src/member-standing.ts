// What a member may do, whatever the item (issue 45): ask only with a verified address, and
// nothing that takes or offers while suspended (docs/product.md#suspended-members).

/** The French refusals; the web app translates them by their codes (EMAIL_NOT_VERIFIED, MEMBER_SUSPENDED, RECIPIENT_SUSPENDED). */
export const MemberStandingMessages = {
  emailNotVerified:
    'Confirmez d’abord votre adresse email pour demander un don : ouvrez le lien que nous vous avons envoyé, ou demandez-en un nouveau depuis votre profil.',
  suspended: 'Votre compte est suspendu : vous ne pouvez ni réserver, ni demander, ni publier pour le moment.',
  suspendedSender: 'Votre compte est suspendu : vous ne pouvez pas envoyer de messages pour le moment.',
  suspendedReceiver: 'Ce membre est suspendu : il ne peut pas recevoir de messages pour le moment.',
} as const;
