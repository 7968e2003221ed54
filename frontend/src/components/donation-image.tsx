import { useState, type ImgHTMLAttributes } from 'react';
import './donation-image.css';
import { Gift } from 'lucide-react';

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
