import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DispatchedKind } from '@hdiya/contracts';
import { call } from '@/lib/api-client';

const preferencesKey = ['user', 'notification-preferences'] as const;

/** GET /api/notification-preferences: each kind, by e-mail and by push. */
export function useNotificationPreferences(enabled = true) {
  return useQuery({ queryKey: preferencesKey, queryFn: () => call('GET /api/notification-preferences'), enabled });
}

/** PUT one kind's channel; the answer is the whole grid. */
export function useNotificationPreferenceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: DispatchedKind; channel: 'email' | 'push'; on: boolean }) =>
      call('PUT /api/notification-preferences', { body: { preferences: [{ kind: change.kind, [change.channel]: change.on }] } }),
    onSuccess: (grid) => queryClient.setQueryData(preferencesKey, grid),
  });
}

/** POST /api/unsubscribe?token=…: the mail's link, confirmed by the person who followed it. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => call('POST /api/unsubscribe', { query: { token } }) });
}
