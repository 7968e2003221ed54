import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { displayName, type CurrentAccountView, type Role } from '@hdiya/contracts';
import { call, isApiError } from './api-client';
import { readStorage, removePrivateStorage, removeStorage, writeStorage } from './storage';

// The signed-in member is read by the header, the profile and every guarded screen, so it lives
// in lib/ (as in bulletproof-react) rather than inside one feature.

/** The signed-in member (GET /api/auth/user), as the contract defines it. */
export type User = CurrentAccountView;
export type UserRole = Role;

export const userQueryKey = ['auth', 'user'] as const;

/**
 * The member last seen signed in on this device, kept so that the app opened offline still shows
 * them signed in (the service worker never keeps the session answer). Forgotten as soon as the API
 * says nobody is signed in, and on logout (docs/decisions/0030-return-paths-offline-member-and-quiet-toasts.md).
 */
const LAST_MEMBER_KEY = 'lastMember';

function lastMember(): User | null {
  try {
    const kept = JSON.parse(readStorage(LAST_MEMBER_KEY) ?? 'null') as User | null;
    return kept && typeof kept.id === 'string' ? { ...kept, pointsPending: false } : null;
  } catch {
    return null;
  }
}

export function forgetLastMember(): void {
  removeStorage(LAST_MEMBER_KEY);
  removePrivateStorage();
}

/**
 * GET /api/auth/user: the member, or null when nobody is signed in (401). Unreachable (offline,
 * the request itself failed): the member last seen here, since a failed call says nothing of
 * being signed out; without one, the error.
 */
export async function getUser(signal?: AbortSignal): Promise<User | null> {
  try {
    const user = await call('GET /api/auth/user', { signal });
    writeStorage(LAST_MEMBER_KEY, JSON.stringify(user));
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      forgetLastMember();
      return null;
    }
    const kept = isApiError(error) || signal?.aborted ? null : lastMember();
    if (kept) return kept;
    throw error;
  }
}

export const POINTS_PENDING_POLL_MS = 1000;

export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: ({ signal }) => getUser(signal),
  staleTime: 0,
  retry: false,
  // Asked even when the browser says offline: the answer then is the member last seen here.
  networkMode: 'offlineFirst',
  // Poll until the welcome credit lands, so a new member sees their 10 points without reloading.
  refetchInterval: (query) => (query.state.data?.pointsPending ? POINTS_PENDING_POLL_MS : false),
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** How other members see someone: first name and last-name initial, else username; never the e-mail. */
export { displayName };

export function fullName(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return name || user.username;
}

export function initials(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  const letters = first || last ? `${first?.[0] ?? ''}${last?.[0] ?? ''}` : user.username.slice(0, 2);
  return letters.toUpperCase();
}

/** Initials from a display name such as "Amina B." or "amina_92": at most two letters. */
export function nameInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? `${words[0][0]}${words[1][0]}` : words[0].slice(0, 2);
  return letters.toUpperCase();
}

/** Points move through events a moment after a donation is created or deleted. */
export const POINTS_SETTLE_DELAY_MS = 1500;

/** Refetch the member now, and once more when the points service has caught up. */
export function refreshUserSoon(queryClient: QueryClient): Promise<void> {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: userQueryKey }), POINTS_SETTLE_DELAY_MS);
  return queryClient.invalidateQueries({ queryKey: userQueryKey });
}

/** After a call that answers the session member (sign-in, sign-up, profile change): that member at once, then read again. */
export function storeSessionUser(queryClient: QueryClient, user: User | undefined): Promise<void> {
  if (user?.id) queryClient.setQueryData(userQueryKey, user);
  return queryClient.invalidateQueries({ queryKey: userQueryKey });
}
