import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_KEPT_MS, readDraft, removeDraft, writeDraft } from './donation-draft';
import type { DonationFormValues } from './donation-form';

const EMPTY: DonationFormValues = { title: '', description: '', categoryId: 1, city: 'Casablanca', photos: [], allocationHours: null };
const now = Date.parse('2026-12-01T10:00:00Z');
const photo = (name: string, uploadedAt: number) => ({ id: `blob:${name}`, imageUrl: `/api/images/donations/${name}.webp`, previewUrl: `blob:${name}`, uploading: false, uploadedAt });

// The unit tests run without a browser: a Map stands in for localStorage.
beforeEach(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (index: number) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
});
afterEach(() => {
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('the publish form draft', () => {
  it('should come back with its text, choices and uploaded photos, per member', () => {
    writeDraft('m1', { ...EMPTY, title: 'Canapé', city: 'Rabat', categoryId: 3, photos: [photo('a', now - 1000)], allocationHours: 6 }, now);
    expect(readDraft('m1', EMPTY, now)).toEqual({
      values: {
        title: 'Canapé',
        description: '',
        categoryId: 3,
        city: 'Rabat',
        allocationHours: 6,
        photos: [{ id: '/api/images/donations/a.webp', imageUrl: '/api/images/donations/a.webp', previewUrl: '/api/images/donations/a.webp', uploading: false, uploadedAt: now - 1000 }],
      },
      droppedPhotos: 0,
    });
    expect(readDraft('m2', EMPTY, now)).toBeNull();
  });

  it('should leave out photos still uploading and those the server no longer keeps', () => {
    const uploading = { id: 'blob:u', imageUrl: '', previewUrl: 'blob:u', uploading: true };
    writeDraft('m1', { ...EMPTY, title: 'Lampe', photos: [photo('old', now - PHOTO_KEPT_MS - 1), photo('new', now - 60_000), uploading] }, now);
    const draft = readDraft('m1', EMPTY, now);
    expect(draft?.values.photos.map((p) => p.imageUrl)).toEqual(['/api/images/donations/new.webp']);
    expect(draft?.droppedPhotos).toBe(1);
  });

  it('should be gone once emptied or removed', () => {
    writeDraft('m1', { ...EMPTY, description: 'x' }, now);
    writeDraft('m1', EMPTY, now);
    expect(readDraft('m1', EMPTY, now)).toBeNull();
    writeDraft('m1', { ...EMPTY, title: 'Table' }, now);
    removeDraft('m1');
    expect(readDraft('m1', EMPTY, now)).toBeNull();
  });
});
