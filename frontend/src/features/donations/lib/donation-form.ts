import { CreateDonationFieldsSchema } from '@hdiya/contracts';
import { DonationRules } from '@/lib/donations';
import { invalidFields } from '@/lib/validation';

/** The API's rules for the typed fields; the photo is the upload's own state. */
const DONATION_FIELDS = CreateDonationFieldsSchema.pick({ title: true, description: true, categoryId: true, city: true });

export interface PhotoValue {
  /** stable across reorders (React's key): the local preview's URL */
  id: string;
  /** what the API stores: the URL answered by the upload (empty while it runs) */
  imageUrl: string;
  /** what the form shows: a local blob URL for a new pick, the stored URL when editing */
  previewUrl: string;
  uploading: boolean;
  /** when the upload answered (ms): a draft keeps a photo only while the server still does (lib/donation-draft) */
  uploadedAt?: number;
}

export interface DonationFormValues {
  title: string;
  description: string;
  categoryId: number;
  city: string;
  /** in order, the first the cover (decision 0044) */
  photos: PhotoValue[];
  /** Publishing only: null for first come, else how many hours members may ask (docs/product.md#request-window). */
  allocationHours?: number | null;
}

export type DonationFormField = 'title' | 'description' | 'categoryId' | 'city' | 'photos';
export type DonationFormErrors = Partial<Record<DonationFormField, string>>;

/** Client checks before sending (docs/product.md#validation); each error is a locale key. The server checks again. */
export function validateDonationForm(values: DonationFormValues): DonationFormErrors {
  const errors: DonationFormErrors = invalidFields(DONATION_FIELDS, values);
  // Too long is said with the limit (the counter under the field shows how far over it is).
  if (values.title.trim().length > DonationRules.titleMaxLength) errors.title = 'donationForm.titleTooLong';
  if (values.description.trim().length > DonationRules.descriptionMaxLength) errors.description = 'donationForm.descriptionTooLong';
  if (values.photos.length === 0) errors.photos = 'validation.donations.imageRequired';
  else if (values.photos.length > DonationRules.maxPhotos) errors.photos = 'validation.donations.tooManyPhotos';
  else if (values.photos.some((photo) => photo.uploading || !photo.imageUrl)) errors.photos = 'donations.form.errors.uploading';
  return errors;
}

export type ImageFileProblem = 'tooLarge' | 'notImage';

/** The photo types the server accepts (it re-checks the content itself). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** A JPEG, PNG or WebP under 5 MB (docs/product.md#photos); a file of no declared type is left to the server. */
export function checkImageFile(file: { size: number; type: string }): ImageFileProblem | null {
  if (file.type && !IMAGE_TYPES.includes(file.type)) return 'notImage';
  if (file.size > DonationRules.maxImageBytes) return 'tooLarge';
  return null;
}

/** The form field a server refusal names (`field` of the error body), if it is one of ours. */
export function formFieldOf(serverField: string | undefined): DonationFormField | null {
  switch (serverField) {
    case 'title':
    case 'description':
    case 'categoryId':
    case 'city':
      return serverField;
    case 'image':
    case 'imageUrl':
    case 'photos':
      return 'photos';
    default:
      return null;
  }
}

/** The list with the photo at `from` moved to `to` (the first is the cover). */
export function movePhoto<T>(photos: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= photos.length) return [...photos];
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The photo URLs the API stores, in order: what an edit compares and sends. */
export const photoUrlsOf = (photos: readonly PhotoValue[]): string[] => photos.map((photo) => photo.imageUrl);
