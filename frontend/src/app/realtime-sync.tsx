import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { donationKeys } from '@/features/donations/api/keys';
import { useOutboxDelivery } from '@/features/messages/api/outbox-delivery';
import { useMessagesRealtime } from '@/features/messages/api/use-messages-realtime';
import { useNotificationsRealtime } from '@/features/notifications/api/use-notifications-realtime';
import { useUser, userQueryKey, type User } from '@/lib/auth';
import { RECONNECTED, startRealtime, stopRealtime, useRealtimeEvent } from '@/lib/realtime';

/**
 * Opens the socket while a member is signed in and lets each feature apply what it pushes:
 * messages, notifications, the header's points and the status of donations on screen.
 */
export function RealtimeSync() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    void startRealtime();
    return () => stopRealtime();
  }, [userId]);

  useMessagesRealtime(userId);
  // Messages written offline leave when the network is back, whichever screen is open.
  useOutboxDelivery(userId);
  useNotificationsRealtime();
  useRealtimeEvent('points:changed', (balance) => {
    queryClient.setQueryData<User | null>(userQueryKey, (current) => (current ? { ...current, ...balance, pointsPending: false } : current));
  });
  useRealtimeEvent('donation:status', (change) => {
    void queryClient.invalidateQueries({ queryKey: donationKeys.detail(change.donationId) });
    void queryClient.invalidateQueries({ queryKey: donationKeys.reservations });
    void queryClient.invalidateQueries({ queryKey: donationKeys.mine });
  });
  // A notification about a donation (an offer from the waiting list, a reminder…) may change what
  // its page shows to this member: its line, its handover.
  useRealtimeEvent('notification:new', (notification) => {
    if (!('donationId' in notification.params)) return;
    const id = notification.params.donationId;
    if (id === null) return;
    for (const key of [donationKeys.detail(id), donationKeys.waitlist(id), donationKeys.handover(id)]) void queryClient.invalidateQueries({ queryKey: key });
  });
  useRealtimeEvent(RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  });
  return null;
}
