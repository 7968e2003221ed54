import { mediumPhotoOf } from '@hdiya/contracts';

/**
 * The sizes every donation photo is stored in (the gateway's pipeline, `PhotoSizes`): a 480 px
 * card thumbnail cropped to 4:3, an 800 px middle size and the display photo, at most 1280 px,
 * the last two uncropped (a smaller upload is kept as it came, never enlarged). No React here:
 * the build's first screens (build/first-screens.ts) use the same sizes.
 */
export const PHOTO_WIDTHS = { thumbnail: 480, medium: 800, displayMax: 1280 } as const;

/** How wide a card's photo shows: a column on phones, two from 640 px, cards of 24rem beyond. */
export const CARD_PHOTO_SIZES = '(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 24rem';

/** How wide the detail page's photo shows: the container's width on phones, its media column from 900 px. */
export const DETAIL_PHOTO_SIZES = '(min-width: 900px) min(55vw, 40rem), calc(100vw - 2rem)';

/**
 * For cards (their box crops to 4:3 anyway, as the thumbnail is): the thumbnail on 1x screens,
 * the middle size on 2x ones, never the display photo (no card is wide enough to need it).
 */
export function cardPhotoSrcSet(photo: { imageUrl: string; thumbnailUrl?: string | null }): string | undefined {
  return photo.thumbnailUrl && photo.imageUrl
    ? `${photo.thumbnailUrl} ${PHOTO_WIDTHS.thumbnail}w, ${mediumPhotoOf(photo.imageUrl)} ${PHOTO_WIDTHS.medium}w`
    : undefined;
}

/** For the detail page (uncropped sizes only): the middle size for a phone at 2x, the display photo for wider. */
export function detailPhotoSrcSet(imageUrl: string): string {
  return `${mediumPhotoOf(imageUrl)} ${PHOTO_WIDTHS.medium}w, ${imageUrl} ${PHOTO_WIDTHS.displayMax}w`;
}
