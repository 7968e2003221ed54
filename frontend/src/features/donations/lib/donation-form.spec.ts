import { describe, expect, it } from 'vitest';
import { checkImageFile, formFieldOf, movePhoto, validateDonationForm, type DonationFormValues, type PhotoValue } from './donation-form';

const MB = 1024 * 1024;
const valid: DonationFormValues = {
  title: 'Canapé',
  description: 'Trois places, bon état',
  categoryId: 1,
  city: 'Casablanca',
  photos: [{ id: 'blob:x', imageUrl: '/api/images/donations/x.webp', previewUrl: 'blob:x', uploading: false }],
};
const photo = (n: number): PhotoValue => ({ id: `blob:${n}`, imageUrl: `/api/images/donations/${n}.webp`, previewUrl: `blob:${n}`, uploading: false });

describe(validateDonationForm.name, () => {
  it('should accept a complete form', () => {
    expect(validateDonationForm(valid)).toEqual({});
  });

  it('should require title, description, category and photo', () => {
    expect(validateDonationForm({ ...valid, title: '  ', description: '', categoryId: 0, photos: [] })).toEqual({
      title: 'validation.common.required',
      description: 'validation.common.required',
      categoryId: 'validation.donations.category',
      photos: 'validation.donations.imageRequired',
    });
  });

  it('should wait for the photo upload to finish', () => {
    const uploading = { id: 'blob:y', imageUrl: '', previewUrl: 'blob:y', uploading: true };
    expect(validateDonationForm({ ...valid, photos: [photo(1), uploading] })).toEqual({ photos: 'donations.form.errors.uploading' });
  });

  it('should take up to 5 photos', () => {
    expect(validateDonationForm({ ...valid, photos: [1, 2, 3, 4, 5].map(photo) })).toEqual({});
    expect(validateDonationForm({ ...valid, photos: [1, 2, 3, 4, 5, 6].map(photo) })).toEqual({ photos: 'validation.donations.tooManyPhotos' });
  });
});

describe(movePhoto.name, () => {
  it('should move a photo earlier, later or to the cover, and ignore moves off the ends', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});

describe(checkImageFile.name, () => {
  it('should accept JPEG, PNG and WebP up to 5 MB', () => {
    expect(checkImageFile({ size: 5 * MB, type: 'image/jpeg' })).toBeNull();
    expect(checkImageFile({ size: 10, type: 'image/png' })).toBeNull();
    expect(checkImageFile({ size: 10, type: 'image/webp' })).toBeNull();
  });

  it('should refuse larger files, other image types and non-images', () => {
    expect(checkImageFile({ size: 5 * MB + 1, type: 'image/jpeg' })).toBe('tooLarge');
    expect(checkImageFile({ size: 10, type: 'application/pdf' })).toBe('notImage');
    for (const type of ['image/gif', 'image/svg+xml', 'image/tiff', 'image/heic']) expect(checkImageFile({ size: 10, type })).toBe('notImage');
  });
});

describe(formFieldOf.name, () => {
  it("should map the server's field names to the form's", () => {
    expect(formFieldOf('title')).toBe('title');
    expect(formFieldOf('imageUrl')).toBe('photos');
    expect(formFieldOf('image')).toBe('photos');
    expect(formFieldOf('photos')).toBe('photos');
    expect(formFieldOf('latitude')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});

describe('too long a title or description', () => {
  it('should say so with the limit instead of cutting the text', () => {
    expect(validateDonationForm({ ...valid, title: 'a'.repeat(101), description: 'b'.repeat(2001) })).toEqual({
      title: 'donationForm.titleTooLong',
      description: 'donationForm.descriptionTooLong',
    });
    expect(validateDonationForm({ ...valid, title: ` ${'a'.repeat(100)} ` })).toEqual({});
  });
});
