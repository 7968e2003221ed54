import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import type { DonationFormValues, PhotoValue } from './donation-form';

/**
 * The publish form kept on this device while it is being written (docs/product.md#giving-an-item,
 * decision 0061): one draft per member, in localStorage, so a reload or another tab finds it.
 * Photos are kept as what their upload answered; the server forgets an upload no donation took
 * within a day, so a draft's photo older than PHOTO_KEPT_MS is left out when the draft comes back.
 */
export const PHOTO_KEPT_MS = 23 * 3_600_000;

interface DraftPhoto {
  imageUrl: string;
  uploadedAt: number;
}

interface StoredDraft {
  title: string;
  description: string;
  categoryId: number;
  city: string;
  photos: DraftPhoto[];
  allocationHours: number | null;
}

const keyOf = (memberId: string) => `donationDraft:${memberId}`;

/** A draft says something only once the member typed or uploaded something. */
export function hasContent(values: Pick<DonationFormValues, 'title' | 'description' | 'photos'>): boolean {
  return values.title.trim() !== '' || values.description.trim() !== '' || values.photos.length > 0;
}

export interface Draft {
  values: DonationFormValues;
  /** photos of the draft too old to be kept (the server no longer has them) */
  droppedPhotos: number;
}

/** The member's draft as form values (`empty`'s where a value is missing), or null when there is none or it cannot be read. */
export function readDraft(memberId: string, empty: DonationFormValues, now = Date.now()): Draft | null {
  let stored: Partial<StoredDraft> | null;
  try {
    stored = JSON.parse(readStorage(keyOf(memberId)) ?? 'null') as Partial<StoredDraft> | null;
  } catch {
    return null;
  }
  if (!stored || typeof stored !== 'object') return null;
  const uploaded = (Array.isArray(stored.photos) ? stored.photos : []).filter(
    (photo): photo is DraftPhoto => typeof photo?.imageUrl === 'string' && photo.imageUrl !== '' && typeof photo.uploadedAt === 'number',
  );
  const kept = uploaded.filter((photo) => now - photo.uploadedAt < PHOTO_KEPT_MS);
  const photos: PhotoValue[] = kept.map((photo) => ({ id: photo.imageUrl, imageUrl: photo.imageUrl, previewUrl: photo.imageUrl, uploading: false, uploadedAt: photo.uploadedAt }));
  const values: DonationFormValues = {
    title: typeof stored.title === 'string' ? stored.title : empty.title,
    description: typeof stored.description === 'string' ? stored.description : empty.description,
    categoryId: typeof stored.categoryId === 'number' ? stored.categoryId : empty.categoryId,
    city: typeof stored.city === 'string' && stored.city ? stored.city : empty.city,
    photos,
    allocationHours: typeof stored.allocationHours === 'number' ? stored.allocationHours : (empty.allocationHours ?? null),
  };
  return hasContent(values) ? { values, droppedPhotos: uploaded.length - kept.length } : null;
}

/** Keeps what the form holds now; an empty form removes the draft. Photos still uploading wait for their answer. */
export function writeDraft(memberId: string, values: DonationFormValues, now = Date.now()): void {
  if (!hasContent(values)) {
    removeStorage(keyOf(memberId));
    return;
  }
  const draft: StoredDraft = {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId,
    city: values.city,
    photos: values.photos.filter((photo) => !photo.uploading && photo.imageUrl).map((photo) => ({ imageUrl: photo.imageUrl, uploadedAt: photo.uploadedAt ?? now })),
    allocationHours: values.allocationHours ?? null,
  };
  writeStorage(keyOf(memberId), JSON.stringify(draft));
}

/** Published or discarded: the draft goes. */
export function removeDraft(memberId: string): void {
  removeStorage(keyOf(memberId));
}
