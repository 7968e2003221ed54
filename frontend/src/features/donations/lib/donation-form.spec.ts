import { describe, expect, it } from 'vitest';
import { checkImageFile, formFieldOf, validateDonationForm, type DonationFormValues } from './donation-form';

const MB = 1024 * 1024;
const valid: DonationFormValues = {
  title: 'Canapé',
  description: 'Trois places, bon état',
  categoryId: 1,
  city: 'Casablanca',
  photo: { imageUrl: '/api/images/donations/x.webp', previewUrl: 'blob:x', uploading: false },
};

describe(validateDonationForm.name, () => {
  it('should accept a complete form', () => {
    expect(validateDonationForm(valid)).toEqual({});
  });

  it('should require title, description, category and photo', () => {
    expect(validateDonationForm({ ...valid, title: '  ', description: '', categoryId: 0, photo: null })).toEqual({
      title: 'validation.common.required',
      description: 'validation.common.required',
      categoryId: 'validation.donations.category',
      photo: 'validation.donations.imageRequired',
    });
  });

  it('should wait for the photo upload to finish', () => {
    const photo = { imageUrl: '', previewUrl: 'blob:x', uploading: true };
    expect(validateDonationForm({ ...valid, photo })).toEqual({ photo: 'donations.form.errors.uploading' });
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
    expect(formFieldOf('imageUrl')).toBe('photo');
    expect(formFieldOf('image')).toBe('photo');
    expect(formFieldOf('latitude')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});
