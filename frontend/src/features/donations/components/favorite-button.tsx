import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useAddFavorite } from '../api/add-favorite';
import { useFavoriteIds } from '../api/get-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';
import { authHref, currentPath } from '@/lib/return-path';

export interface FavoriteButtonProps {
  donationId: number;
  /** `icon`: the heart over a card's photo; `full`: a labelled button (detail page) */
  variant?: 'icon' | 'full';
}

/** Adds or removes a favourite; visitors are told to sign in (docs/product.md#validation) with a link to /login. */
export function FavoriteButton({ donationId, variant = 'icon' }: FavoriteButtonProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { data: user } = useUser();
  const favoriteIds = useFavoriteIds(Boolean(user));
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const isFavorite = favoriteIds.has(donationId);
  const pending = add.isPending || remove.isPending;
  const label = t(isFavorite ? 'donations.favorites.remove' : 'donations.favorites.add');

  function onClick() {
    if (!user) {
      toast({
        title: (tr) => tr('donations.favorites.loginTitle'),
        description: (tr) => tr('donations.favorites.loginText'),
        action: { label: (tr) => tr('layout.login'), href: authHref('/login', currentPath()) },
      });
      return;
    }
    const onError = (error: unknown) =>
      toast({ title: (tr) => tr('common.error'), description: (tr) => errorMessage(error, tr, 'donations.favorites.error'), variant: 'error' });
    if (isFavorite) {
      remove.mutate(donationId, { onSuccess: () => toast({ title: (tr) => tr('donations.favorites.removed') }), onError });
    } else {
      add.mutate(donationId, { onSuccess: () => toast({ title: (tr) => tr('donations.favorites.added'), variant: 'success' }), onError });
    }
  }

  const common = {
    'aria-pressed': isFavorite,
    'data-testid': 'favorite-button',
    'data-favorite': String(isFavorite),
    // Disabled while the session is unknown (cards may show before it): a member is never told to sign in.
    disabled: user === undefined,
    onClick,
  } as const;

  if (variant === 'full') {
    return (
      <Button variant="outline" loading={pending} {...common}>
        <Heart className="icon" fill={isFavorite ? 'currentColor' : 'none'} aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <button
      type="button"
      className={isFavorite ? 'favorite-icon favorite-icon--on' : 'favorite-icon'}
      aria-label={label}
      title={label}
      {...common}
      disabled={pending || common.disabled}
    >
      <Heart className="icon" fill={isFavorite ? 'currentColor' : 'none'} aria-hidden="true" />
    </button>
  );
}
