import { useQueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@hdiya/contracts';
import { useToast } from '@/components/ui/toast';
import { RECONNECTED, useRealtimeEvent } from '@/lib/realtime';
import { unreadCountsKey } from '@/lib/unread-counts';
import { notificationText } from '../lib/notification-text';
import { notificationsKeys } from './keys';

/** New notifications refresh the list and badges, and show once as a polite toast. */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  useRealtimeEvent('notification:new', (notification: NotificationView) => {
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    void queryClient.invalidateQueries({ queryKey: unreadCountsKey });
    // New messages show in their thread and badge; a toast for each would only interrupt.
    if (notification.kind !== 'message_received') toast({ title: (tr) => tr('notifications.title'), description: (tr) => notificationText(notification, tr), polite: true });
  });
  useRealtimeEvent(RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
  });
}
