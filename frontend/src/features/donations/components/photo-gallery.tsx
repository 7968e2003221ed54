import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '@hdiya/contracts';
import { DonationImage } from '@/components/donation-image';
import { directionOf } from '@/lib/direction';
import '@/lib/photo-texts';
import './photo-gallery.css';

export interface PhotoGalleryProps {
  photos: PhotoView[];
  title: string;
}

/**
 * A donation's photos (decision 0044): a track that swipes on phones (CSS scroll snapping), with
 * previous/next buttons, the arrow keys (reading order: in Arabic, left is next), a "2 / 5"
 * counter and a row of thumbnails. One photo shows alone, as before.
 */
export function PhotoGallery({ photos, title }: PhotoGalleryProps) {
  const { t, i18n } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const rtl = directionOf(i18n.resolvedLanguage ?? 'fr') === 'rtl';
  const total = photos.length;

  // The shown slide is whichever is mostly in view, however it got there (swipe, buttons, keys).
  useEffect(() => {
    const slides = track.current ? [...track.current.children] : [];
    if (slides.length < 2 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) setCurrent(slides.indexOf(entry.target));
      },
      { root: track.current, threshold: 0.6 },
    );
    slides.forEach((slide) => observer.observe(slide));
    return () => observer.disconnect();
  }, [total]);

  if (total <= 1) {
    // The display photo alone: the thumbnail is cropped to 4:3 and narrower than this column.
    return <DonationImage src={photos[0]?.imageUrl} alt={title} data-testid="donation-image" />;
  }

  function show(index: number) {
    const target = Math.min(total - 1, Math.max(0, index));
    track.current?.children[target]?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
    setCurrent(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const step = { [forward]: current + 1, [backward]: current - 1, Home: 0, End: total - 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(step);
  }

  return (
    <section className="photo-gallery" aria-roledescription="carousel" aria-label={t('photos.gallery.label')} onKeyDown={onKeyDown} data-testid="photo-gallery">
      <div className="photo-gallery__viewport">
        <div ref={track} className="photo-gallery__track" tabIndex={0} aria-label={t('photos.gallery.label')} data-testid="gallery-track">
          {photos.map((photo, index) => (
            <div key={photo.imageUrl} className="photo-gallery__slide" aria-roledescription="slide" data-testid="gallery-slide">
              <DonationImage
                src={photo.imageUrl}
                alt={t('photos.gallery.alt', { title, number: index + 1, total })}
                loading={index === 0 ? undefined : 'lazy'}
                data-testid={index === 0 ? 'donation-image' : undefined}
              />
            </div>
          ))}
        </div>
        <button type="button" className="photo-gallery__nav photo-gallery__nav--previous" onClick={() => show(current - 1)} disabled={current === 0}
          aria-label={t('photos.gallery.previous')} data-testid="gallery-previous">
          <ChevronLeft className="icon icon--flip-rtl" aria-hidden="true" />
        </button>
        <button type="button" className="photo-gallery__nav photo-gallery__nav--next" onClick={() => show(current + 1)} disabled={current === total - 1}
          aria-label={t('photos.gallery.next')} data-testid="gallery-next">
          <ChevronRight className="icon icon--flip-rtl" aria-hidden="true" />
        </button>
        <p className="photo-gallery__counter" aria-live="polite" data-testid="gallery-counter">
          <span dir="ltr">{t('photos.gallery.counter', { current: current + 1, total })}</span>
        </p>
      </div>
      <div className="photo-gallery__thumbnails">
        {photos.map((photo, index) => (
          <button key={photo.imageUrl} type="button" className="photo-gallery__thumbnail" aria-current={index === current ? 'true' : undefined}
            aria-label={t('photos.gallery.show', { number: index + 1 })} onClick={() => show(index)} data-testid="gallery-thumbnail">
            <img src={photo.thumbnailUrl} alt="" loading="lazy" />
          </button>
        ))}
      </div>
    </section>
  );
}
