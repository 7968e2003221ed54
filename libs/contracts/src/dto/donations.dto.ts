import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { DonationRules, REPORT_REASONS, type ReportReason } from '../donations.js';
import { composeDecorators, MAX_INT_ID, Messages, Trim } from '../validation.js';

export const DonationMessages = {
  notFound: "Ce don n'existe pas ou a été supprimé.",
  required: 'Veuillez remplir tous les champs obligatoires.',
  imageRequired: "Veuillez ajouter une photo de l'objet.",
  imageTooLarge: "L'image doit faire moins de 5MB",
  imageInvalid: "Le fichier n'est pas une image valide (JPEG, PNG, WebP, GIF, AVIF ou HEIC).",
  category: 'Veuillez sélectionner une catégorie',
  categoryUnknown: 'Cette catégorie n\'existe pas.',
  cityUnknown: 'Cette ville ne fait pas partie de la liste des villes du Maroc.',
  distance: 'La distance doit être comprise entre 1 et 50 km.',
  latitude: 'La latitude doit être un nombre entre -90 et 90.',
  longitude: 'La longitude doit être un nombre entre -180 et 180.',
  bothCoordinates: 'La latitude et la longitude doivent être données ensemble.',
  status: 'Statut inconnu.',
  limit: `La taille de page doit être comprise entre 1 et ${DonationRules.maxPageSize}.`,
  cursor: 'Curseur de pagination invalide.',
  queryWords: 'Chaque mot recherché doit contenir au moins 2 caractères, et la recherche au plus 6 mots.',
  donationId: 'Identifiant de don invalide.',
  reportReason: 'Motif de signalement inconnu.',
} as const;

/** Query strings arrive as text: numbers are parsed here, and a non-number stays NaN to be refused. */
const ToNumber = () =>
  Transform(({ value }) => (value === undefined || value === null || value === '' ? undefined : typeof value === 'number' ? value : Number(value)));

const PageLimit = () =>
  composeDecorators(
    ToNumber(),
    IsOptional(),
    IsInt({ message: DonationMessages.limit }),
    Min(1, { message: DonationMessages.limit }),
    Max(DonationRules.maxPageSize, { message: DonationMessages.limit }),
  );

const PageCursor = () =>
  composeDecorators(IsOptional(), IsString({ message: DonationMessages.cursor }), MaxLength(200, { message: DonationMessages.cursor }));

export class CreateDonationDto {
  @Trim()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsString({ message: Messages.mustBeText('title') })
  @MaxLength(100, { message: Messages.tooLong('title', 100) })
  title: string;

  @Trim()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsString({ message: Messages.mustBeText('description') })
  @MaxLength(2000, { message: Messages.tooLong('description', 2000) })
  description: string;

  @ToNumber()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsInt({ message: DonationMessages.category })
  @Min(1, { message: DonationMessages.category })
  @Max(MAX_INT_ID, { message: DonationMessages.category })
  categoryId: number;

  @Trim()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsString({ message: Messages.mustBeText('city') })
  @MaxLength(80, { message: Messages.tooLong('city', 80) })
  city: string;

  /** A data URL (spec client) or the URL of an image uploaded through `/api/uploads/images`. */
  @IsNotEmpty({ message: DonationMessages.imageRequired })
  @IsString({ message: DonationMessages.imageRequired })
  imageUrl: string;

  @ToNumber()
  @IsOptional()
  @IsNumber({}, { message: DonationMessages.latitude })
  @Min(-90, { message: DonationMessages.latitude })
  @Max(90, { message: DonationMessages.latitude })
  latitude?: number | null;

  @ToNumber()
  @IsOptional()
  @IsNumber({}, { message: DonationMessages.longitude })
  @Min(-180, { message: DonationMessages.longitude })
  @Max(180, { message: DonationMessages.longitude })
  longitude?: number | null;
}

/** The owner's edit: every field optional; a new photo replaces the old one. */
export class UpdateDonationDto {
  @Trim()
  @IsOptional()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsString({ message: Messages.mustBeText('title') })
  @MaxLength(100, { message: Messages.tooLong('title', 100) })
  title?: string;

  @Trim()
  @IsOptional()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsString({ message: Messages.mustBeText('description') })
  @MaxLength(2000, { message: Messages.tooLong('description', 2000) })
  description?: string;

  @ToNumber()
  @IsOptional()
  @IsInt({ message: DonationMessages.category })
  @Min(1, { message: DonationMessages.category })
  @Max(MAX_INT_ID, { message: DonationMessages.category })
  categoryId?: number;

  @Trim()
  @IsOptional()
  @IsNotEmpty({ message: DonationMessages.required })
  @IsString({ message: Messages.mustBeText('city') })
  @MaxLength(80, { message: Messages.tooLong('city', 80) })
  city?: string;

  @IsOptional()
  @IsNotEmpty({ message: DonationMessages.imageRequired })
  @IsString({ message: DonationMessages.imageRequired })
  imageUrl?: string;
}

/** Where to look from: both coordinates or neither (then Casablanca). */
export class PositionQuery {
  @ToNumber()
  @IsOptional()
  @IsNumber({}, { message: DonationMessages.latitude })
  @Min(-90, { message: DonationMessages.latitude })
  @Max(90, { message: DonationMessages.latitude })
  lat?: number;

  @ToNumber()
  @IsOptional()
  @IsNumber({}, { message: DonationMessages.longitude })
  @Min(-180, { message: DonationMessages.longitude })
  @Max(180, { message: DonationMessages.longitude })
  lng?: number;

  @ToNumber()
  @IsOptional()
  @IsNumber({}, { message: DonationMessages.distance })
  @Min(DonationRules.minDistanceKm, { message: DonationMessages.distance })
  @Max(DonationRules.maxDistanceKm, { message: DonationMessages.distance })
  distance?: number;
}

export class SearchDonationsQuery extends PositionQuery {
  @IsOptional()
  @IsString({ message: Messages.mustBeText('query') })
  @MaxLength(100, { message: Messages.tooLong('query', 100) })
  // Text search stays cheap: one-letter words match half the catalogue as prefixes.
  @Matches(/^\s*(?:\S{2,}(?:\s+\S{2,}){0,5})?\s*$/u, { message: DonationMessages.queryWords })
  query?: string;

  /** A category id, or `all`. */
  @IsOptional()
  @Matches(/^(all|\d{1,6})$/, { message: DonationMessages.categoryUnknown })
  category?: string;

  /** A status (any of the accepted words) or `all`. */
  @IsOptional()
  @IsString({ message: DonationMessages.status })
  @MaxLength(20, { message: DonationMessages.status })
  status?: string;

  @PageLimit()
  limit?: number;

  @PageCursor()
  cursor?: string;
}

export class PageQuery {
  @PageLimit()
  limit?: number;

  @PageCursor()
  cursor?: string;
}

export class FavoriteDto {
  @ToNumber()
  @IsNotEmpty({ message: DonationMessages.donationId })
  @IsInt({ message: DonationMessages.donationId })
  @Min(1, { message: DonationMessages.donationId })
  @Max(MAX_INT_ID, { message: DonationMessages.donationId })
  donationId: number;
}

export class ReportDonationDto {
  @IsNotEmpty({ message: DonationMessages.reportReason })
  @IsIn(REPORT_REASONS, { message: DonationMessages.reportReason })
  reason: ReportReason;

  @Trim()
  @IsOptional()
  @IsString({ message: Messages.mustBeText('details') })
  @MaxLength(1000, { message: Messages.tooLong('details', 1000) })
  details?: string | null;
}

