import type { ParsedEvent, ServerToClientEvents } from '@hdiya/contracts';

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
export function pushesFor(event: ParsedEvent): Push[] {
  switch (event.name) {
    case 'messaging.MessageSent.v1': {
      // Sent before photos in chat: a text message.
      const { message } = event.payload;
      return [{ members: [message.receiverId, message.senderId], event: 'message:new', data: { ...message, photo: null } }];
    }
    case 'messaging.MessageSent.v2': {
      const { message } = event.payload;
      return [{ members: [message.receiverId, message.senderId], event: 'message:new', data: message }];
    }
    case 'messaging.MessagesRead.v1': {
      const { senderId, receipt } = event.payload;
      return [{ members: [senderId], event: 'messages:read', data: receipt }];
    }
    case 'messaging.NotificationCreated.v1': {
      const { userId, notification } = event.payload;
      return [{ members: [userId], event: 'notification:new', data: notification }];
    }
    case 'points.PointsChanged.v1': {
      const { userId, points, blockedPoints, reliabilityScore } = event.payload;
      return [{ members: [userId], event: 'points:changed', data: { points, blockedPoints, reliabilityScore } }];
    }
    case 'donations.ReservationMade.v1':
      return status(event.payload, 'reserved');
    case 'donations.ReservationCancelled.v1':
    case 'donations.ReservationCancelled.v2':
    case 'donations.ReservationExpired.v1':
      return status(event.payload, 'available');
    case 'donations.ReceptionConfirmed.v1':
      return status(event.payload, 'completed');
    default:
      return [];
  }
}

export const memberRoom = (userId: string) => `member:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
