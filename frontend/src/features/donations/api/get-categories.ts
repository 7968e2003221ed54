import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { FALLBACK_CATEGORIES, type Category } from '@/lib/categories';
import { REFERENCE_STALE_MS, donationKeys } from './keys';
import { WORKER_CACHED } from '@/lib/worker-cached';

/** GET /api/categories → the 8 categories (docs/product.md#categories). */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const categories = await call('GET /api/categories', { signal });
  return Array.isArray(categories) && categories.length > 0 ? categories : [...FALLBACK_CATEGORIES];
}

export const categoriesQueryOptions = queryOptions({
  queryKey: donationKeys.categories,
  queryFn: ({ signal }) => getCategories(signal),
  staleTime: REFERENCE_STALE_MS,
  ...WORKER_CACHED,
});

/** The categories, or the default list while loading or when the server cannot answer. */
export function useCategories(): readonly Category[] {
  const { data } = useQuery(categoriesQueryOptions);
  return data ?? FALLBACK_CATEGORIES;
}

/** A category's name in the screen's language: our translation by id, else the server's name. */
export function useCategoryName(): (categoryId: number) => string {
  const { t } = useTranslation();
  const categories = useCategories();
  return useCallback(
    (categoryId: number) => {
      const name = categories.find((category) => category.id === categoryId)?.name ?? '';
      return t(`categories.${categoryId}`, { defaultValue: name });
    },
    [categories, t],
  );
}
