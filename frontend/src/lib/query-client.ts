import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * For the answers the service worker keeps from the last visit (browse results, reference data):
 * asked even when the browser says offline, since the worker may have them. Left to the default
 * ('online'), such a query waits for the network and its skeletons stay on screen for good.
 */
export const WORKER_CACHED = { networkMode: 'offlineFirst' } as const;
