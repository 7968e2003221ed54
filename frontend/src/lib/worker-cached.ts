/**
 * For the answers the service worker keeps from the last visit (browse results, reference data):
 * asked even when the browser says offline, since the worker may have them. Left to the default
 * ('online'), such a query waits for the network and its skeletons stay on screen for good.
 * (Its own module: importing the query client from lazy screens would split it out of the entry.)
 */
export const WORKER_CACHED = { networkMode: 'offlineFirst' } as const;
