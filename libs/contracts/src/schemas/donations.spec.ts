import { CreateDonationSchema, UpdateDonationSchema } from './donations.js';
import { validatePayload } from '../validation/validate.js';

const fields = { title: 'Lampe', description: 'Lampe de bureau.', categoryId: 1, city: 'Rabat' };
const url = (n: number) => `/api/images/donations/00000000-0000-4000-8000-00000000000${n}.webp`;

// Several photos per donation (decision 0044): 1 to 5, in order; the older `imageUrl` alone still works.
describe('donation photos', () => {
  it('should take 1 to 5 photos, or the older imageUrl alone', () => {
    expect(validatePayload(CreateDonationSchema, { ...fields, photos: [1, 2, 3, 4, 5].map(url) }).ok).toBe(true);
    expect(validatePayload(CreateDonationSchema, { ...fields, imageUrl: url(1) }).ok).toBe(true);
  });

  it.each([
    ['six photos', { photos: [1, 2, 3, 4, 5, 6].map(url) }, '5 photos au maximum.'],
    ['an empty list', { photos: [] }, "Veuillez ajouter une photo de l'objet."],
    ['one photo twice', { photos: [url(1), url(2), url(1)] }, "Chaque photo ne peut figurer qu'une fois dans un don."],
  ])('should refuse %s with a French message naming photos', (_what, photos, message) => {
    const result = validatePayload(CreateDonationSchema, { ...fields, ...photos });
    expect(result.ok ? null : result.failure).toEqual({ field: 'photos', message });
  });

  it('should refuse a donation without any photo naming imageUrl, as older clients were told', () => {
    const result = validatePayload(CreateDonationSchema, fields);
    expect(result.ok ? null : result.failure).toEqual({ field: 'imageUrl', message: "Veuillez ajouter une photo de l'objet." });
  });

  it('should let an edit leave the photos out, or send 1 to 5', () => {
    expect(validatePayload(UpdateDonationSchema, { title: 'Lampe' }).ok).toBe(true);
    const six = validatePayload(UpdateDonationSchema, { photos: [1, 2, 3, 4, 5, 6].map(url) });
    expect(six.ok ? null : six.failure.message).toBe('5 photos au maximum.');
  });
});
