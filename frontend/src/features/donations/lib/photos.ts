import type { PhotoView } from '@hdiya/contracts';
import type { Donation } from '@/lib/donations';

/**
 * A donation's photos in order, the cover first. `photos` comes with the answers about one
 * donation (decision 0044); a donation from a list (its cover only) or an older gateway has none.
 */
export function photosOf(donation: Pick<Donation, 'imageUrl' | 'thumbnailUrl' | 'photos'>): PhotoView[] {
  return donation.photos?.length ? donation.photos : [{ imageUrl: donation.imageUrl, thumbnailUrl: donation.thumbnailUrl }];
}
