import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '@hdiya/contracts';
import { DonationImage } from '@/components/donation-image';
import { DETAIL_PHOTO_SIZES, detailPhotoSrcSet } from '@/components/photo-srcset';
import { directionOf } from '@/lib/direction';
import '@/lib/photo-texts';
import './photo-gallery.css';

/** The slide a track is scrolled to (slides are the track's full width; negative offsets in RTL). */
function restingIndex(track: HTMLElement, total: number): number {
  return Math.min(total - 1, Math.max(0, Math.round(Math.abs(track.scrollLeft) / Math.max(1, track.clientWidth))));
}

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

  /** The slide a button or key scrolls to, until the track gets there (a smooth scroll passes others). */
  const aimed = useRef<number | null>(null);

  // The shown slide is the one the track rests on, however it got there (swipe, buttons, keys):
  // read from the scroll position, so a late event of an interrupted scroll cannot leave a stale one.
  useEffect(() => {
    const element = track.current;
    if (!element || total < 2) return;
    let frame = 0;
    const settle = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const index = restingIndex(element, total);
        if (aimed.current !== null && index !== aimed.current) return;
        aimed.current = null;
        setCurrent(index);
      });
    };
    // A finger or a wheel takes over from a scroll the buttons started.
    const takeOver = () => void (aimed.current = null);
    element.addEventListener('scroll', settle, { passive: true });
    element.addEventListener('pointerdown', takeOver);
    element.addEventListener('wheel', takeOver, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', settle);
      element.removeEventListener('pointerdown', takeOver);
      element.removeEventListener('wheel', takeOver);
    };
  }, [total]);

  if (total <= 1) {
    // The photo alone, uncropped (the thumbnail is cropped to 4:3 and narrower than this column),
    // as the first screen asks for it (same sizes: one download), in a 4:3 box held before it loads.
    const photo = photos[0];
    return (
      <DonationImage
        src={photo?.imageUrl}
        srcSet={photo ? detailPhotoSrcSet(photo.imageUrl) : undefined}
        sizes={DETAIL_PHOTO_SIZES}
        width={4}
        height={3}
        fetchPriority="high"
        alt={title}
        data-testid="donation-image"
      />
    );
  }

  function show(index: number) {
    const target = Math.min(total - 1, Math.max(0, index));
    // Already there: no scroll will come to clear the aim.
    aimed.current = track.current && restingIndex(track.current, total) === target ? null : target;
    track.current?.children[target]?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
    setCurrent(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    // Keys pressed during a scroll go on from where it is heading.
    const from = aimed.current ?? current;
    const step = { [forward]: from + 1, [backward]: from - 1, Home: 0, End: total - 1 }[event.key];
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
                srcSet={detailPhotoSrcSet(photo.imageUrl)}
                sizes={DETAIL_PHOTO_SIZES}
                alt={t('photos.gallery.alt', { title, number: index + 1, total })}
                loading={index === 0 ? undefined : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                data-testid={index === 0 ? 'donation-image' : undefined}
              />
            </div>
          ))}
        </div>
        <button type="button" className="photo-gallery__nav photo-gallery__nav--previous" onClick={() => show((aimed.current ?? current) - 1)} disabled={current === 0}
          aria-label={t('photos.gallery.previous')} data-testid="gallery-previous">
          <ChevronLeft className="icon icon--flip-rtl" aria-hidden="true" />
        </button>
        <button type="button" className="photo-gallery__nav photo-gallery__nav--next" onClick={() => show((aimed.current ?? current) + 1)} disabled={current === total - 1}
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
