import { pushesFor } from './event-pushes.js';

const reservation = { reservationId: 'r', donationId: 7, title: 'Chaise', reserverId: 'reserver', ownerId: 'owner' };

describe('event pushes', () => {
  it('should push a donation status change to its owner and reserver only', () => {
    expect(pushesFor({ name: 'donations.ReservationMade.v1', payload: { ...reservation, reservedAt: '', expiresAt: '' } })).toEqual([
      { members: ['owner', 'reserver'], event: 'donation:status', data: { donationId: 7, status: 'reserved' } },
    ]);
    expect(pushesFor({ name: 'donations.ReservationCancelled.v1', payload: { ...reservation, cancelledBy: 'owner' } })[0]!.data).toEqual({ donationId: 7, status: 'available' });
    expect(pushesFor({ name: 'donations.ReservationCancelled.v2', payload: { ...reservation, cancelledBy: 'reserver', cancelledAt: '', expiresAt: '' } })).toEqual([
      { members: ['owner', 'reserver'], event: 'donation:status', data: { donationId: 7, status: 'available' } },
    ]);
    expect(pushesFor({ name: 'donations.ReservationExpired.v1', payload: { ...reservation, expiredAt: '' } })[0]!.data).toEqual({ donationId: 7, status: 'available' });
    expect(pushesFor({ name: 'donations.ReceptionConfirmed.v1', payload: { ...reservation, confirmedAt: '' } })[0]!.data).toEqual({ donationId: 7, status: 'completed' });
  });

  it('should push a balance to its member without the reason', () => {
    expect(pushesFor({ name: 'points.PointsChanged.v1', payload: { userId: 'u', points: 8, blockedPoints: 2, reliabilityScore: 100, reason: 'hold' } })).toEqual([
      { members: ['u'], event: 'points:changed', data: { points: 8, blockedPoints: 2, reliabilityScore: 100 } },
    ]);
  });

  it('should send a read receipt to the sender, not the reader', () => {
    const receipt = { readerId: 'reader', donationId: null, readAt: '2026-11-23T10:00:00.000Z' };
    expect(pushesFor({ name: 'messaging.MessagesRead.v1', payload: { senderId: 'sender', receipt } })).toEqual([{ members: ['sender'], event: 'messages:read', data: receipt }]);
  });

  it('should push a message to both members, a message sent before photos in chat as one without a photo', () => {
    const member = { displayName: 'Amina B.', firstName: 'Amina', lastName: 'B.', profileImageUrl: null };
    const text = {
      id: 'm1',
      content: 'Bonjour',
      senderId: 's',
      receiverId: 'r',
      donationId: null,
      read: false,
      createdAt: '2026-11-23T10:00:00.000Z',
      clientId: null,
      sender: { ...member, id: 's' },
      receiver: { ...member, id: 'r' },
      donation: null,
    };
    expect(pushesFor({ name: 'messaging.MessageSent.v1', payload: { message: text } })).toEqual([{ members: ['r', 's'], event: 'message:new', data: { ...text, photo: null } }]);
    const photo = { ...text, content: '', photo: { url: '/api/messages/photos/p.webp', thumbnailUrl: '/api/messages/photos/p-thumb.webp' } };
    expect(pushesFor({ name: 'messaging.MessageSent.v2', payload: { message: photo } })).toEqual([{ members: ['r', 's'], event: 'message:new', data: photo }]);
  });

  it('should push nothing for events no screen shows', () => {
    expect(pushesFor({ name: 'users.UserUpdated.v1', payload: { userId: 'u', username: 'u', firstName: null, lastName: null, city: null, profileImageUrl: null } })).toEqual([]);
  });
});
