import { useState, type ImgHTMLAttributes } from 'react';
import './donation-image.css';

/** A donation photo; a missing or broken file shows a neutral placeholder instead of a broken icon. */
export function DonationImage({ src, alt = '', className, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) {
    return (
      <span className={['donation-image-placeholder', className].filter(Boolean).join(' ')} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <span aria-hidden="true">🎁</span>
      </span>
    );
  }
  return <img src={src} alt={alt} className={className} onError={() => setFailed(src)} {...rest} />;
}
