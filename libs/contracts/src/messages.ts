import { DonationRules } from './donations.js';
import { MessagingRules } from './messaging.js';

// Every French message a member can read about their input lives here: the gateway and the
// services answer with them, and the web app shows the same texts (translated in Arabic by key).

export const Messages = {
  required: 'Veuillez remplir tous les champs obligatoires.',
  loginRequired: 'Veuillez remplir tous les champs',
  forgotEmailRequired: 'Veuillez entrer votre adresse email',
  bodyNotObject: 'Le corps de la requête doit être un objet JSON.',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 128 caractères.',
  invalidEmail: 'Adresse email invalide',
  invalidPhone: 'Numéro de téléphone invalide : utilisez le format 06XXXXXXXX ou +2126XXXXXXXX',
  invalidUsername:
    "Le nom d'utilisateur doit contenir de 3 à 30 caractères : lettres, chiffres, point, tiret ou tiret bas.",
  userNotFound: "Cet utilisateur n'existe pas.",
  memberId: 'Identifiant de membre invalide.',
  adminOnly: 'Action réservée aux modérateurs.',
  contactName: 'Le nom doit contenir au moins 2 caractères',
  contactSubject: 'Le sujet doit contenir au moins 5 caractères',
  contactMessage: 'Le message doit contenir au moins 10 caractères',
  invalidRequest: 'Requête invalide.',
  // Profile: changing the e-mail or the phone
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour changer votre email ou votre téléphone.',
  currentPasswordWrong: 'Mot de passe actuel incorrect.',
  serviceUnavailable: 'Service temporairement indisponible. Réessayez dans un instant.',
  // Account mails (issue 20): password reset and address verification
  resetTokenInvalid: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  passwordResetDone: 'Votre mot de passe a été modifié. Connectez-vous avec le nouveau mot de passe.',
  verificationTokenInvalid: 'Ce lien de vérification est invalide ou a expiré. Demandez-en un nouveau depuis votre profil.',
  emailVerified: 'Votre adresse email est vérifiée.',
  verificationSent: 'Un nouveau lien de vérification a été envoyé à votre adresse email.',
  emailAlreadyVerified: 'Votre adresse email est déjà vérifiée.',
  invalidLanguage: 'Langue inconnue : fr ou ar.',
  mustBeText: (field: string) => `Le champ ${field} doit être un texte.`,
  tooLong: (field: string, max: number) => `Le champ ${field} ne doit pas dépasser ${max} caractères.`,
} as const;

export const DonationMessages = {
  notFound: "Ce don n'existe pas ou a été supprimé.",
  imageRequired: "Veuillez ajouter une photo de l'objet.",
  // French typography: "Mo" with a no-break space (issue 21).
  imageTooLarge: "L'image doit faire moins de 5\u00a0Mo",
  imageInvalid: "Le fichier n'est pas une image valide (JPEG, PNG ou WebP).",
  imagePixels: `L'image est trop grande : ${DonationRules.maxImageMegapixels}\u00a0mégapixels au maximum. Réduisez-la avant de l'envoyer.`,
  tooManyPhotos: `${DonationRules.maxPhotos} photos au maximum.`,
  photoTwice: "Chaque photo ne peut figurer qu'une fois dans un don.",
  category: 'Veuillez sélectionner une catégorie',
  categoryUnknown: "Cette catégorie n'existe pas.",
  cityUnknown: 'Cette ville ne fait pas partie de la liste des villes du Maroc.',
  distance: 'La distance doit être comprise entre 1 et 50 km.',
  latitude: 'La latitude doit être un nombre entre -90 et 90.',
  longitude: 'La longitude doit être un nombre entre -180 et 180.',
  bothCoordinates: 'La latitude et la longitude doivent être données ensemble.',
  status: 'Statut inconnu.',
  limit: `La taille de page doit être comprise entre 1 et ${DonationRules.maxPageSize}.`,
  cursor: 'Curseur de pagination invalide.',
  queryWords: 'Chaque mot recherché doit contenir au moins 2 caractères, et la recherche au plus 6 mots.',
  queryLetters: 'Votre recherche doit contenir au moins une lettre : des chiffres ou des symboles seuls ne trouvent rien.',
  donationId: 'Identifiant de don invalide.',
  reportReason: 'Motif de signalement inconnu.',
  reportedFilter: 'Le filtre « reported » vaut true ou false.',
} as const;

export const PointsMessages = {
  required: 'Veuillez remplir tous les champs requis',
  positive: 'Le nombre de points doit être positif',
  insufficient: "Vous n'avez pas assez de points",
  reserveInsufficient: "Vous avez besoin d'au moins 2 points pour réserver un don",
  recipientNotFound: 'Aucun membre ne correspond à ce numéro de téléphone.',
  toSelf: 'Vous ne pouvez pas vous transférer des points.',
  idempotencyKey: "La clé d'idempotence doit contenir de 8 à 100 caractères (lettres, chiffres, - ou _).",
  idempotencyKeyReused: "Cette clé d'idempotence a déjà servi pour un autre transfert. Utilisez une nouvelle clé.",
  // points economy against pairs (decision 0019)
  welcomeLocked:
    "Vos 10 points de bienvenue ne peuvent être transférés qu'après votre premier don remis ou reçu : vous pouvez envoyer seulement les points gagnés au-delà.",
  transferDailyCap: (cap: number, freeAt: string) =>
    `Vous avez atteint la limite de ${cap} points envoyés par 24 heures. Vous pourrez en envoyer à nouveau à partir du ${freeAt}.`,
} as const;

export const MessagingMessages = {
  contentRequired: 'Le message ne peut pas être vide.',
  contentTooLong: `Le message ne doit pas dépasser ${MessagingRules.contentMaxLength} caractères.`,
  receiverRequired: 'Veuillez choisir le destinataire du message.',
  toSelf: 'Vous ne pouvez pas vous envoyer un message.',
  receiverNotFound: "Ce membre n'existe pas.",
  blockedByReceiver: "Ce membre ne reçoit pas vos messages.",
  youBlocked: 'Vous avez bloqué ce membre : débloquez-le pour lui écrire.',
  donationId: 'Identifiant de don invalide.',
  donationNotFound: "Ce don n'existe pas ou a été supprimé.",
  clientId: "L'identifiant du message doit être un UUID.",
  clientIdReused: 'Cet identifiant de message a déjà servi pour un autre message.',
  cursor: 'Curseur de pagination invalide.',
  limit: `La taille de page doit être comprise entre 1 et ${MessagingRules.conversationMaxPageSize}.`,
  notificationNotFound: "Cette notification n'existe pas.",
  blockSelf: 'Vous ne pouvez pas vous bloquer vous-même.',
  photoRequired: 'Veuillez choisir une photo à envoyer.',
  photoUnsent: "La photo n'a pas pu être envoyée : réessayez.",
} as const;

type PlainKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** The fixed messages by stable key (`common.passwordTooShort`), for the web app to translate. */
export type MessageKey =
  | `common.${PlainKeys<typeof Messages> & string}`
  | `donations.${PlainKeys<typeof DonationMessages> & string}`
  | `points.${PlainKeys<typeof PointsMessages> & string}`
  | `messaging.${PlainKeys<typeof MessagingMessages> & string}`;

function plainEntries(area: string, table: Record<string, unknown>): [string, string][] {
  return Object.entries(table).flatMap(([key, text]) => (typeof text === 'string' ? [[`${area}.${key}`, text] as [string, string]] : []));
}

/** Every fixed message, keyed as `MessageKey`: the French texts the web app shows. */
export const MESSAGE_TEXTS: Readonly<Record<MessageKey, string>> = Object.fromEntries([
  ...plainEntries('common', Messages),
  ...plainEntries('donations', DonationMessages),
  ...plainEntries('points', PointsMessages),
  ...plainEntries('messaging', MessagingMessages),
]) as Record<MessageKey, string>;

const KEY_BY_TEXT = new Map<string, MessageKey>();
for (const [key, text] of Object.entries(MESSAGE_TEXTS)) if (!KEY_BY_TEXT.has(text)) KEY_BY_TEXT.set(text, key as MessageKey);

/** The key of a fixed message (first key when two areas share a text), or null for a composed one. */
export function messageKeyOf(text: string): MessageKey | null {
  return KEY_BY_TEXT.get(text) ?? null;
}
