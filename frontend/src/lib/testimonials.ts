// Six static testimonials (docs/product.md#information-and-account-pages). Names follow docs/product.md#how-members-are-shown: first name and last-name initial.
// Their words are translated under `info.stories.items.<id>`.
export const TESTIMONIALS = [
  { id: 1, name: 'Salma B.', city: 'Casablanca', categoryId: 1, items: 12, points: 85, rating: 5 },
  { id: 2, name: 'Youssef E.', city: 'Rabat', categoryId: 4, items: 30, points: 160, rating: 5 },
  { id: 3, name: 'Khadija A.', city: 'Marrakech', categoryId: 2, items: 18, points: 100, rating: 5 },
  { id: 4, name: 'Omar T.', city: 'Fès', categoryId: 6, items: 7, points: 45, rating: 4 },
  { id: 5, name: 'Nadia L.', city: 'Tanger', categoryId: 7, items: 15, points: 90, rating: 5 },
  { id: 6, name: 'Hamza R.', city: 'Agadir', categoryId: 5, items: 9, points: 55, rating: 4 },
] as const;

export type Testimonial = (typeof TESTIMONIALS)[number];
