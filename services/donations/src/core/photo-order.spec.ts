import { RpcException } from '@nestjs/microservices';
import { objectKeysOf, photosAfterEdit, removedPhotos, shownPhotos, assertDistinct } from './photo-order.js';

const photo = (n: number) => ({ imageKey: `donations/${n}.webp`, thumbnailKey: `donations/${n}-thumb.webp` });
const [a, b, c, d] = [photo(1), photo(2), photo(3), photo(4)];

describe("a donation's photos in order", () => {
  it('should show the attached photos in order, and a cover no record of this donation holds first', () => {
    expect(shownPhotos(a, [a, b, c])).toEqual([a, b, c]);
    expect(shownPhotos(a, [b, c])).toEqual([a, b, c]);
    expect(shownPhotos(a, [])).toEqual([a]);
  });

  it('should take a new list whole, a lone new photo as the cover keeping the others, or keep the list', () => {
    expect(photosAfterEdit([a, b, c], [c, a], null)).toEqual([c, a]);
    expect(photosAfterEdit([a, b, c], null, d)).toEqual([d, b, c]);
    // The older client naming one of the other photos makes it the cover, once.
    expect(photosAfterEdit([a, b, c], null, c)).toEqual([c, b]);
    expect(photosAfterEdit([a, b], null, null)).toEqual([a, b]);
  });

  it('should name the photos an edit removed, and every object key', () => {
    expect(removedPhotos([a, b, c], [c, a, d])).toEqual([b]);
    expect(objectKeysOf([a, b])).toEqual(['donations/1.webp', 'donations/1-thumb.webp', 'donations/2.webp', 'donations/2-thumb.webp']);
  });

  it('should refuse one photo twice in French', () => {
    expect(() => assertDistinct([a, b])).not.toThrow();
    const refused = (() => {
      try {
        assertDistinct([a, b, a]);
        return null;
      } catch (error) {
        return (error as RpcException).getError();
      }
    })();
    expect(refused).toMatchObject({ status: 400, field: 'photos', message: "Chaque photo ne peut figurer qu'une fois dans un don." });
  });
});
