import { ArrowLeft, ArrowRight, ImagePlus, Star, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { DonationRules } from '@/lib/donations';
import { errorMessage } from '@/lib/errors';
import '@/lib/photo-texts';
import { useUploadImage } from '../api/upload-image';
import { checkImageFile, IMAGE_TYPES, movePhoto, type PhotoValue } from '../lib/donation-form';
import './photos-field.css';

export interface PhotosFieldProps {
  value: PhotoValue[];
  onChange: (update: (photos: PhotoValue[]) => PhotoValue[]) => void;
  error?: string;
}

const MAX = DonationRules.maxPhotos;

/**
 * Up to 5 photos (decision 0044): drop or pick several at once; each is uploaded as soon as it is
 * picked (multipart), previewed meanwhile, and can be made the cover, moved or removed. Changes
 * go through `onChange(update)` so uploads finishing in any order update the latest list.
 */
export function PhotosField({ value, onChange, error }: PhotosFieldProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const upload = useUploadImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previews = useRef(new Set<string>());

  // Local previews are freed when the form goes away (a removed one is freed at once).
  useEffect(() => {
    const owned = previews.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function refuse(problem: 'tooLarge' | 'notImage') {
    toast({
      title: (tr) => tr(problem === 'tooLarge' ? 'donations.form.photoTooLarge' : 'donations.form.photoInvalid'),
      description: (tr) => tr(problem === 'tooLarge' ? 'donations.form.photoTooLargeText' : 'donations.form.photoInvalidText'),
      variant: 'error',
    });
  }

  async function uploadOne(file: File) {
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    const replace = (next: PhotoValue | null) => (photos: PhotoValue[]) =>
      next ? photos.map((photo) => (photo.id === preview ? next : photo)) : photos.filter((photo) => photo.id !== preview);
    onChange((photos) => [...photos, { id: preview, imageUrl: '', previewUrl: preview, uploading: true }]);
    try {
      const uploaded = await upload.mutateAsync(file);
      onChange(replace({ id: preview, imageUrl: uploaded.imageUrl, previewUrl: preview, uploading: false, uploadedAt: Date.now() }));
    } catch (caught) {
      onChange(replace(null));
      toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(caught, tr, 'donations.form.photoUploadError'), variant: 'error' });
    }
  }

  function onPick(files: FileList | null | undefined) {
    const picked = [...(files ?? [])];
    if (inputRef.current) inputRef.current.value = ''; // picking the same file again still fires
    const room = MAX - value.length;
    if (picked.length > room) toast({ title: (tr) => tr('photos.full', { max: MAX }), variant: 'error' });
    for (const file of picked.slice(0, Math.max(0, room))) {
      const problem = checkImageFile(file);
      if (problem) refuse(problem);
      else void uploadOne(file);
    }
  }

  function remove(id: string) {
    if (previews.current.delete(id)) URL.revokeObjectURL(id);
    onChange((photos) => photos.filter((photo) => photo.id !== id));
  }

  const move = (from: number, to: number) => onChange((photos) => movePhoto(photos, from, to));
  const full = value.length >= MAX;

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor="donation-photo">
        {t('photos.label')}
      </label>
      {value.length > 0 && (
        <ol className="photo-list" data-testid="photo-list">
          {value.map((photo, index) => (
            <li key={photo.id} className="photo-preview" data-testid="photo-preview" data-uploading={photo.uploading} data-index={index}>
              <img src={photo.previewUrl} alt={t('photos.preview', { number: index + 1, total: value.length })} />
              {index === 0 && <span className="badge photo-preview__cover">{t('photos.cover')}</span>}
              {photo.uploading && (
                <span className="photo-preview__status" role="status">
                  <span className="btn__spinner" aria-hidden="true" /> {t('donations.form.photoUploading')}
                </span>
              )}
              <div className="photo-preview__actions">
                {index > 0 && (
                  <Button variant="outline" size="sm" className="photo-preview__make-cover" onClick={() => move(index, 0)} data-testid="photo-make-cover">
                    <Star className="icon" aria-hidden="true" /> {t('photos.makeCover')}
                  </Button>
                )}
                <span className="photo-preview__moves">
                  {/* Earlier is left in French, right in Arabic: the arrows follow the reading order. */}
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)}
                    aria-label={t('photos.moveEarlier', { number: index + 1 })} title={t('photos.moveEarlier', { number: index + 1 })} data-testid="photo-move-earlier">
                    <ArrowLeft className="icon icon--flip-rtl" aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="sm" disabled={index === value.length - 1} onClick={() => move(index, index + 1)}
                    aria-label={t('photos.moveLater', { number: index + 1 })} title={t('photos.moveLater', { number: index + 1 })} data-testid="photo-move-later">
                    <ArrowRight className="icon icon--flip-rtl" aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => remove(photo.id)}
                    aria-label={t('photos.remove', { number: index + 1 })} title={t('photos.remove', { number: index + 1 })} data-testid="photo-remove">
                    <X className="icon" aria-hidden="true" />
                  </Button>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div
        className={dragging ? 'drop-zone drop-zone--over' : 'drop-zone'}
        data-testid="photo-drop-zone"
        hidden={full}
        onClick={() => inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          onPick(event.dataTransfer.files);
        }}
      >
        <div className="drop-zone__prompt" aria-hidden="true">
          <ImagePlus className="icon icon--xl" />
          <span>{t('photos.drop')}</span>
        </div>
        <input
          ref={inputRef}
          id="donation-photo"
          type="file"
          multiple
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          disabled={full}
          aria-describedby={error ? 'donation-photo-hint donation-photo-error' : 'donation-photo-hint'}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onPick(event.target.files)}
          data-testid="donation-photo"
        />
      </div>
      <p className="field__hint" id="donation-photo-hint" data-testid="photo-hint">
        {full ? t('photos.full', { max: MAX }) : t('photos.hint', { max: MAX })}
      </p>
      {error && (
        <p className="field__error" id="donation-photo-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
