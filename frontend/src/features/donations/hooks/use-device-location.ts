import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import {
  DEFAULT_CITY_NAME,
  GeolocationError,
  claimStartupLocationRequest,
  nearestCity,
  requestDevicePosition,
  updateLocation,
  type LocationState,
} from '@/lib/location';
import { citiesQueryOptions, type City } from '../api/get-cities';

/**
 * Asks the device where it is, names the nearest city (great-circle distance over the cities
 * list) and makes that the member's location, with the toasts of docs/product.md#location unless `quiet`. Resolves to
 * the new state, or null when the device could not tell (the previous location stays).
 */
export function useDeviceLocation({ quiet = false }: { quiet?: boolean } = {}) {
  const { i18n } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState(false);

  const locate = useCallback(async (): Promise<LocationState | null> => {
    setLocating(true);
    try {
      const position = await requestDevicePosition();
      const cities = await queryClient.ensureQueryData(citiesQueryOptions).catch((): City[] => []);
      const city = nearestCity(cities, position);
      const state = updateLocation({ position, city: city?.name ?? DEFAULT_CITY_NAME });
      // The city in the language shown when the toast is drawn (it follows a switch).
      const label = () => (i18n.resolvedLanguage === 'ar' ? city?.nameAr : city?.name) ?? state.city;
      if (!quiet) {
        toast({
          title: (tr) => tr('donations.location.enabled'),
          description: (tr) => tr('donations.location.enabledText', { city: label() }),
          variant: 'success',
        });
      }
      return state;
    } catch (error) {
      const unsupported = error instanceof GeolocationError && error.reason === 'unsupported';
      if (!quiet) {
        toast(
          unsupported
            ? { title: (tr) => tr('donations.location.unsupported'), description: (tr) => tr('donations.location.unsupportedText') }
            : { title: (tr) => tr('donations.location.failed'), description: (tr) => tr('donations.location.failedText') },
        );
      }
      return null;
    } finally {
      setLocating(false);
    }
  }, [i18n, quiet, queryClient, toast]);

  return { locate, locating };
}

/**
 * docs/product.md#location: on the first screen that needs a position, ask the device once (see
 * claimStartupLocationRequest). Quietly (issue 21): the member asked for nothing, and the result
 * shows where it matters (the location badge, or "Casablanca par défaut" on browse); toasts are
 * for what the member did, e.g. "Utiliser ma position actuelle".
 */
export function useLocationBootstrap(): void {
  const { locate } = useDeviceLocation({ quiet: true });
  useEffect(() => {
    if (claimStartupLocationRequest()) void locate();
  }, [locate]);
}
