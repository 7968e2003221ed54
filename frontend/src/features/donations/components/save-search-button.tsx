import { useTranslation } from 'react-i18next';
import { BellPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { nearestCity, useLocationState } from '@/lib/location';
import { useCities } from '../api/get-cities';
import { useSavedSearchChange } from '../api/saved-searches';
import type { DonationFilters } from '../lib/filters';
import { authHref, currentPath } from '@/lib/return-path';

/**
 * "Enregistrer cette recherche" on browse: the words, category and radius shown, around the
 * position searched from (named by its nearest city). A new matching donation then notifies.
 */
export function SaveSearchButton({ filters }: { filters: DonationFilters }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { data: user } = useUser();
  const location = useLocationState();
  const cities = useCities().data ?? [];
  const save = useSavedSearchChange();

  function onClick() {
    if (!user) {
      toast({ title: (tr) => tr('common.signInRequired'), description: (tr) => tr('donations.savedSearches.loginRequired'), action: { label: (tr) => tr('layout.login'), href: authHref('/login', currentPath()) } });
      return;
    }
    const position = filters.position ?? location.position;
    const city = (position && nearestCity(cities, position)?.name) || location.city;
    const body = {
      query: filters.query.trim(),
      categoryId: filters.category === 'all' ? null : filters.category,
      city,
      distance: filters.distance,
      ...(position ? { lat: position.lat, lng: position.lng } : {}),
    };
    save.mutate(
      { create: body },
      {
        onSuccess: () =>
          toast({
            title: (tr) => tr('donations.savedSearches.saved'),
            description: (tr) => tr('donations.savedSearches.savedText'),
            variant: 'success',
            action: { label: (tr) => tr('donations.savedSearches.manage'), href: '/alerts' },
          }),
        onError: (error) =>
          toast({
            title: (tr) => tr('common.error'),
            description: (tr) => errorMessage(error, tr, 'donations.savedSearches.error'),
            variant: 'error',
            ...(isApiError(error) && error.code === 'SAVED_SEARCH_LIMIT' ? { action: { label: (tr) => tr('donations.savedSearches.manage'), href: '/alerts' } } : {}),
          }),
      },
    );
  }

  return (
    // Disabled while the session is unknown: the results may be on screen first (asked for with the
    // page's code), and a member's quick tap must not be told to sign in.
    <Button variant="outline" size="sm" onClick={onClick} loading={save.isPending} disabled={user === undefined} data-testid="save-search">
      <BellPlus className="icon" aria-hidden="true" /> {t('donations.savedSearches.save')}
    </Button>
  );
}
