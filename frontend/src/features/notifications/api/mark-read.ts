import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@hdiya/contracts';
import { api } from '@/lib/api-client';
import { unreadCountsKey } from '@/lib/unread-counts';
import { notificationsKeys } from './keys';

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<NotificationView>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
      void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ updated: number }>('/api/notifications/read-all'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
      void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
    },
  });
}
