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
 * list) and makes that the member's location, with the toasts of docs/product.md#location. Resolves to the new state,
 * or null when the device could not tell (the previous location stays).
 */
export function useDeviceLocation({ polite = false }: { polite?: boolean } = {}) {
  const { t, i18n } = useTranslation();
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
      const label = (i18n.resolvedLanguage === 'ar' ? city?.nameAr : city?.name) ?? state.city;
      toast({
        title: t('donations.location.enabled'),
        description: t('donations.location.enabledText', { city: label }),
        variant: 'success',
        polite,
      });
      return state;
    } catch (error) {
      const unsupported = error instanceof GeolocationError && error.reason === 'unsupported';
      toast(
        unsupported
          ? { title: t('donations.location.unsupported'), description: t('donations.location.unsupportedText'), polite }
          : { title: t('donations.location.failed'), description: t('donations.location.failedText'), polite },
      );
      return null;
    } finally {
      setLocating(false);
    }
  }, [i18n, polite, queryClient, t, toast]);

  return { locate, locating };
}

/**
 * docs/product.md#location: on the first screen that needs a position, ask the device once (see
 * claimStartupLocationRequest). Its toasts are polite: they never hide one the member is reading
 * (e.g. "Connexion réussie" just before landing on the home page).
 */
export function useLocationBootstrap(): void {
  const { locate } = useDeviceLocation({ polite: true });
  useEffect(() => {
    if (claimStartupLocationRequest()) void locate();
  }, [locate]);
}
