import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/errors';
import { useUploadImage } from '../api/upload-image';
import { checkImageFile, IMAGE_TYPES, type PhotoValue } from '../lib/donation-form';

export interface PhotoFieldProps {
  value: PhotoValue | null;
  onChange: (value: PhotoValue | null) => void;
  error?: string;
}

/**
 * A drop zone (drop a photo, or click or press to pick one). The photo is uploaded as soon as it
 * is picked (multipart, much smaller than a data URL in the JSON body), with a local preview
 * meanwhile, and can be replaced or removed.
 */
export function PhotoField({ value, onChange, error }: PhotoFieldProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const upload = useUploadImage();
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = useRef(0); // only the latest pick may land
  const previewUrl = value?.previewUrl;
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    return () => {
      if (previewUrl?.startsWith('blob:')) URL.revokeObjectURL(previewUrl);
    };
  }, [previewUrl]);

  async function onPick(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = ''; // picking the same file again still fires
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast({
        title: (tr) => tr(problem === 'tooLarge' ? 'donations.form.photoTooLarge' : 'donations.form.photoInvalid'),
        description: (tr) => tr(problem === 'tooLarge' ? 'donations.form.photoTooLargeText' : 'donations.form.photoInvalidText'),
        variant: 'error',
      });
      return;
    }
    const current = ++pick.current;
    const preview = URL.createObjectURL(file);
    onChange({ imageUrl: '', previewUrl: preview, uploading: true });
    try {
      const uploaded = await upload.mutateAsync(file);
      if (current === pick.current) onChange({ imageUrl: uploaded.imageUrl, previewUrl: preview, uploading: false });
    } catch (caught) {
      if (current !== pick.current) return;
      onChange(null);
      toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(caught, tr, 'donations.form.photoUploadError'), variant: 'error' });
    }
  }

  function remove() {
    pick.current += 1;
    onChange(null);
  }

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor="donation-photo">
        {t('donations.form.photo')}
      </label>
      <div
        className={dragging ? 'drop-zone drop-zone--over' : 'drop-zone'}
        data-testid="photo-drop-zone"
        onClick={() => inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void onPick(event.dataTransfer.files[0]);
        }}
      >
      {value ? (
        <div className="photo-preview" data-testid="photo-preview" data-uploading={value.uploading} onClick={(event) => event.stopPropagation()}>
          <img src={value.previewUrl} alt={t('donations.form.photoPreview')} />
          {value.uploading && (
            <span className="photo-preview__status" role="status">
              <span className="btn__spinner" aria-hidden="true" /> {t('donations.form.photoUploading')}
            </span>
          )}
          <div className="row photo-preview__actions">
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} data-testid="photo-replace">
              {t('donations.form.photoReplace')}
            </Button>
            <Button variant="outline" size="sm" onClick={remove} data-testid="photo-remove">
              {t('donations.form.photoRemove')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="drop-zone__prompt" aria-hidden="true">
          <ImagePlus className="icon icon--xl" />
          <span>{t('donations.form.photoDrop')}</span>
        </div>
      )}
      <input
        ref={inputRef}
        id="donation-photo"
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="visually-hidden"
        aria-describedby={error ? 'donation-photo-hint donation-photo-error' : 'donation-photo-hint'}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void onPick(event.target.files?.[0])}
        data-testid="donation-photo"
      />
      </div>
      <p className="field__hint" id="donation-photo-hint">
        {t('donations.form.photoHint')}
      </p>
      {error && (
        <p className="field__error" id="donation-photo-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
