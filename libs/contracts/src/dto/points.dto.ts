import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_INT_ID, Messages, Trim } from '../validation.js';

export const PointsMessages = {
  required: 'Veuillez remplir tous les champs requis',
  positive: 'Le nombre de points doit être positif',
  insufficient: "Vous n'avez pas assez de points",
  reserveInsufficient: "Vous avez besoin d'au moins 2 points pour réserver un don",
  recipientNotFound: 'Aucun membre ne correspond à ce numéro de téléphone.',
  toSelf: 'Vous ne pouvez pas vous transférer des points.',
  idempotencyKey: "La clé d'idempotence doit contenir de 8 à 100 caractères (lettres, chiffres, - ou _).",
  idempotencyKeyReused: "Cette clé d'idempotence a déjà servi pour un autre transfert. Utilisez une nouvelle clé.",
} as const;

export class TransferPointsDto {
  @Trim()
  @IsNotEmpty({ message: PointsMessages.required })
  @IsString({ message: Messages.mustBeText('receiverIdentifier') })
  @MaxLength(30, { message: Messages.invalidPhone })
  receiverIdentifier: string;

  /** A number or a numeric string (HTML number inputs); anything else is refused, not rounded. */
  @Transform(({ value }) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value))
  @IsNotEmpty({ message: PointsMessages.required })
  @IsInt({ message: PointsMessages.positive })
  @Min(1, { message: PointsMessages.positive })
  @Max(MAX_INT_ID, { message: PointsMessages.insufficient })
  points: number;

  @Trim()
  @IsOptional()
  @IsString({ message: Messages.mustBeText('message') })
  @MaxLength(500, { message: Messages.tooLong('message', 500) })
  message?: string | null;

  /** Also accepted as the `Idempotency-Key` header: a retried request transfers once. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{8,100}$/, { message: PointsMessages.idempotencyKey })
  idempotencyKey?: string;
}

/** `PATCH /api/donations/{id}/status`, as the spec's client sends it (`reservedById` is ignored). */
export class DonationStatusDto {
  @IsNotEmpty({ message: 'Statut inconnu.' })
  @IsString({ message: 'Statut inconnu.' })
  @MaxLength(20, { message: 'Statut inconnu.' })
  status: string;
}
