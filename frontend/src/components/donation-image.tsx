import { useState, type ImgHTMLAttributes } from 'react';
import './donation-image.css';
import { Gift } from 'lucide-react';

/**
 * The sizes every photo is stored in (the gateway's pipeline, `PhotoSizes`): a 480 px card
 * thumbnail cropped to 4:3, and the uncropped display photo, at most 1280 px (a smaller upload is
 * kept as it came, never enlarged).
 */
export const PHOTO_WIDTHS = { thumbnail: 480, displayMax: 1280 } as const;

/**
 * For cards only (their box crops to 4:3 anyway, as the thumbnail is): the browser takes the
 * thumbnail on 1x screens and the display photo on 2x and 3x ones. The detail page shows the
 * display photo alone: the thumbnail is cropped, and smaller than its column.
 */
export function cardPhotoSrcSet(photo: { imageUrl: string; thumbnailUrl?: string | null }): string | undefined {
  return photo.thumbnailUrl && photo.imageUrl
    ? `${photo.thumbnailUrl} ${PHOTO_WIDTHS.thumbnail}w, ${photo.imageUrl} ${PHOTO_WIDTHS.displayMax}w`
    : undefined;
}

/** A donation photo; a missing or broken file shows a neutral placeholder instead of a broken icon. */
export function DonationImage({ src, alt = '', className, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) {
    return (
      <span className={['donation-image-placeholder', className].filter(Boolean).join(' ')} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <Gift className="icon" aria-hidden="true" />
      </span>
    );
  }
  return <img src={src} alt={alt} className={className} onError={() => setFailed(src)} {...rest} />;
}
