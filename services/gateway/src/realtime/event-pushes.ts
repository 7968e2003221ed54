import type { EventName, EventPayload, ServerToClientEvents } from '@hdiya/contracts';

/** One socket.io emission: an event and its data, to the rooms of these members. */
export type Push = {
  [E in keyof ServerToClientEvents]: { members: string[]; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];

/** The subjects the gateway listens to (and may, in deploy/nats/nats-server.conf). */
export const PUSHED_SUBJECTS = [
  'events.messaging.>',
  'events.points.PointsChanged.>',
  'events.donations.ReservationMade.>',
  'events.donations.ReservationCancelled.>',
  'events.donations.ReceptionConfirmed.>',
  'events.donations.ReservationExpired.>',
];

const status = (payload: { donationId: number; ownerId: string; reserverId: string }, to: 'available' | 'reserved' | 'completed'): Push[] => [
  { members: [payload.ownerId, payload.reserverId], event: 'donation:status', data: { donationId: payload.donationId, status: to } },
];

/**
 * What a domain event means to members' open screens. Only the members an event concerns are
 * told, and only what their own API answers would show them.
 */
export function pushesFor<N extends EventName>(name: N, payload: EventPayload<N>): Push[] {
  const p = payload as EventPayload<EventName>;
  switch (name) {
    case 'messaging.MessageSent.v1': {
      // Sent before photos in chat: a text message.
      const { message } = p as EventPayload<'messaging.MessageSent.v1'>;
      return [{ members: [message.receiverId, message.senderId], event: 'message:new', data: { ...message, photo: null } }];
    }
    case 'messaging.MessageSent.v2': {
      const { message } = p as EventPayload<'messaging.MessageSent.v2'>;
      return [{ members: [message.receiverId, message.senderId], event: 'message:new', data: message }];
    }
    case 'messaging.MessagesRead.v1': {
      const { senderId, receipt } = p as EventPayload<'messaging.MessagesRead.v1'>;
      return [{ members: [senderId], event: 'messages:read', data: receipt }];
    }
    case 'messaging.NotificationCreated.v1': {
      const { userId, notification } = p as EventPayload<'messaging.NotificationCreated.v1'>;
      return [{ members: [userId], event: 'notification:new', data: notification }];
    }
    case 'points.PointsChanged.v1': {
      const { userId, points, blockedPoints, reliabilityScore } = p as EventPayload<'points.PointsChanged.v1'>;
      return [{ members: [userId], event: 'points:changed', data: { points, blockedPoints, reliabilityScore } }];
    }
    case 'donations.ReservationMade.v1':
      return status(p as EventPayload<'donations.ReservationMade.v1'>, 'reserved');
    case 'donations.ReservationCancelled.v1':
    case 'donations.ReservationCancelled.v2':
      return status(p as EventPayload<'donations.ReservationCancelled.v1'>, 'available');
    case 'donations.ReservationExpired.v1':
      return status(p as EventPayload<'donations.ReservationExpired.v1'>, 'available');
    case 'donations.ReceptionConfirmed.v1':
      return status(p as EventPayload<'donations.ReceptionConfirmed.v1'>, 'completed');
    default:
      return [];
  }
}

export const memberRoom = (userId: string) => `member:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
