import { pushesFor } from './event-pushes.js';

const reservation = { reservationId: 'r', donationId: 7, title: 'Chaise', reserverId: 'reserver', ownerId: 'owner' };

describe('event pushes', () => {
  it('should push a donation status change to its owner and reserver only', () => {
    expect(pushesFor('donations.ReservationMade.v1', { ...reservation, reservedAt: '', expiresAt: '' })).toEqual([
      { members: ['owner', 'reserver'], event: 'donation:status', data: { donationId: 7, status: 'reserved' } },
    ]);
    expect(pushesFor('donations.ReservationCancelled.v1', { ...reservation, cancelledBy: 'owner' })[0]!.data).toEqual({ donationId: 7, status: 'available' });
    expect(pushesFor('donations.ReservationCancelled.v2', { ...reservation, cancelledBy: 'reserver', cancelledAt: '', expiresAt: '' })).toEqual([
      { members: ['owner', 'reserver'], event: 'donation:status', data: { donationId: 7, status: 'available' } },
    ]);
    expect(pushesFor('donations.ReservationExpired.v1', { ...reservation, expiredAt: '' })[0]!.data).toEqual({ donationId: 7, status: 'available' });
    expect(pushesFor('donations.ReceptionConfirmed.v1', { ...reservation, confirmedAt: '' })[0]!.data).toEqual({ donationId: 7, status: 'completed' });
  });

  it('should push a balance to its member without the reason', () => {
    expect(pushesFor('points.PointsChanged.v1', { userId: 'u', points: 8, blockedPoints: 2, reliabilityScore: 100, reason: 'hold' })).toEqual([
      { members: ['u'], event: 'points:changed', data: { points: 8, blockedPoints: 2, reliabilityScore: 100 } },
    ]);
  });

  it('should send a read receipt to the sender, not the reader', () => {
    const receipt = { readerId: 'reader', donationId: null, readAt: '2026-11-23T10:00:00.000Z' };
    expect(pushesFor('messaging.MessagesRead.v1', { senderId: 'sender', receipt })).toEqual([{ members: ['sender'], event: 'messages:read', data: receipt }]);
  });

  it('should push nothing for events no screen shows', () => {
    expect(pushesFor('users.UserUpdated.v1', { userId: 'u', username: 'u', firstName: null, lastName: null, city: null, profileImageUrl: null })).toEqual([]);
  });
});
