import { DonationMessages, ErrorCodes, imageUrlOf, type PhotoView, type StoredImage } from '@hdiya/contracts';
import { rpcError } from '@hdiya/platform';

// A donation's photos as an ordered list, the cover first (decision 0044): pure rules, no database.

const sameKey = (a: StoredImage) => (b: StoredImage) => a.imageKey === b.imageKey;

/**
 * The photos a donation shows: its attached uploads in order; a cover no upload record of this
 * donation holds (a photo shared before photos had owners, decision 0008) comes first.
 */
export function shownPhotos(cover: StoredImage, attached: StoredImage[]): StoredImage[] {
  return attached.some(sameKey(cover)) ? attached : [cover, ...attached];
}

/**
 * The list after an edit: `images` is the whole new list; `image` alone (the older clients' one
 * photo) replaces the cover and keeps the others; neither keeps the list as it is.
 */
export function photosAfterEdit(current: StoredImage[], images: StoredImage[] | null, image: StoredImage | null): StoredImage[] {
  if (images) return images;
  if (image) return [image, ...current.slice(1).filter((other) => !sameKey(image)(other))];
  return current;
}

/** The photos of `before` that `after` no longer has. */
export const removedPhotos = (before: StoredImage[], after: StoredImage[]): StoredImage[] =>
  before.filter((photo) => !after.some(sameKey(photo)));

/** One key twice would leave a gap in the order: refused, as the web app's schema does. */
export function assertDistinct(images: StoredImage[]): void {
  if (new Set(images.map((image) => image.imageKey)).size !== images.length) {
    throw rpcError(400, ErrorCodes.VALIDATION_FAILED, DonationMessages.photoTwice, 'photos');
  }
}

/** Every object key of these photos: each display photo and its thumbnail. */
export const objectKeysOf = (images: StoredImage[]): string[] => images.flatMap((image) => [image.imageKey, image.thumbnailKey]);

export const photoViewsOf = (images: StoredImage[]): PhotoView[] =>
  images.map((image) => ({ imageUrl: imageUrlOf(image.imageKey), thumbnailUrl: imageUrlOf(image.thumbnailKey) }));
