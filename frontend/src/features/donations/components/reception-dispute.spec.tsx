// @vitest-environment happy-dom
import { screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { DonationView, MemberProfileView } from '@hdiya/contracts';
import { answer, answerFromTestApi, http, HttpResponse } from '@/test/api-server';
import { renderPage } from '@/test/render-page';
import { ReceptionDispute } from './reception-dispute';

// The donor's "I did not hand it over" panel names the receiver; one who deleted their account
// since has no profile left and is named as deleted (decision 0074), never as an empty name.
answerFromTestApi();

const completed: DonationView = {
  id: 7,
  title: 'Chaise pliante',
  description: 'Une chaise pliante en métal.',
  imageUrl: '/api/images/donations/c.webp',
  thumbnailUrl: '/api/images/donations/c-thumb.webp',
  photos: [],
  status: 'completed',
  categoryId: 1,
  userId: 'owner-1',
  owner: { id: 'owner-1', displayName: 'Amina B.', profileImageUrl: null },
  city: 'casablanca',
  latitude: 33.57,
  longitude: -7.59,
  pointsValue: 10,
  guaranteePoints: 2,
  reservationPoints: 2,
  reserved: true,
  allocation: { mode: 'first' },
  reservedById: 'receiver-1',
  reservedAt: '2026-12-01T10:00:00.000Z',
  confirmedAt: '2026-12-02T10:00:00.000Z',
  autoExpireAt: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
  disputableUntil: new Date(Date.now() + 24 * 3_600_000).toISOString(),
};

const receiver: MemberProfileView = {
  id: 'receiver-1',
  displayName: 'Youssef E.',
  firstName: 'Youssef',
  lastName: 'E',
  profileImageUrl: null,
  city: 'casablanca',
  createdAt: '2026-10-01T10:00:00.000Z',
  memberSince: '2026-10-01T10:00:00.000Z',
  given: 0,
  received: 1,
  declared: 0,
  ratings: null,
  noShows90d: 0,
  level: 'new',
  replyTime: { medianMs: null, replies: 0 },
  recentComments: [],
};

const gone = http.get('/api/users/receiver-1', () => HttpResponse.json({ statusCode: 404, code: 'USER_NOT_FOUND', message: 'Utilisateur introuvable' }, { status: 404 }));
const open = (language: 'fr' | 'ar' = 'fr') => renderPage(<ReceptionDispute donation={completed} />, { path: '/donations/:id', url: '/donations/7', language });

describe('ReceptionDispute', () => {
  it('names the receiver who confirmed alone', async () => {
    answer(http.get('/api/users/receiver-1', () => HttpResponse.json(receiver)));
    await open();
    expect(await screen.findByText(/Youssef E\..*a confirmé seul la réception/)).toBeTruthy();
  });

  it('names a receiver whose account is deleted "Membre supprimé"', async () => {
    answer(gone);
    await open();
    expect(await screen.findByText(/Membre supprimé.*a confirmé seul la réception/)).toBeTruthy();
  });

  it('names them in Arabic on an Arabic screen', async () => {
    answer(gone);
    await open('ar');
    expect(await screen.findByText(/عضو محذوف/)).toBeTruthy();
  });

  it('shows nothing once the 48 hours are over', async () => {
    answer(http.get('/api/users/receiver-1', () => HttpResponse.json(receiver)));
    const { container } = await renderPage(<ReceptionDispute donation={{ ...completed, disputableUntil: '2026-01-01T00:00:00.000Z' }} />, { path: '/donations/:id', url: '/donations/7' });
    expect(container.textContent).toBe('');
  });
});
