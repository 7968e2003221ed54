import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { cityLabel } from '@/lib/cities';
import { REFERENCE_STALE_MS, donationKeys } from './keys';
import type { City } from '@hdiya/contracts';
import { WORKER_CACHED } from '@/lib/worker-cached';

export type { City };


/** GET /api/cities → about 88 Moroccan cities, Casablanca first. */
export function getCities(signal?: AbortSignal): Promise<readonly City[]> {
  return call('GET /api/cities', { signal });
}

export const citiesQueryOptions = queryOptions({
  queryKey: donationKeys.cities,
  queryFn: ({ signal }) => getCities(signal),
  staleTime: REFERENCE_STALE_MS,
  ...WORKER_CACHED,
});

export function useCities() {
  return useQuery(citiesQueryOptions);
}

/** A city as the screen shows it: its Arabic name in Arabic, else the stored French name. */
export function useCityLabel(): (name: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useCallback((name: string) => cityLabel(name, language), [language]);
}
