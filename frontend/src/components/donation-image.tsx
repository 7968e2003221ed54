import { useState, type ImgHTMLAttributes } from 'react';
import './donation-image.css';
import { Gift } from 'lucide-react';

/** The two sizes every photo is stored in (the gateway's pipeline): the browser picks by screen. */
export function photoSrcSet(photo: { imageUrl: string; thumbnailUrl?: string | null }): string | undefined {
  return photo.thumbnailUrl && photo.imageUrl ? `${photo.thumbnailUrl} 480w, ${photo.imageUrl} 1600w` : undefined;
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
