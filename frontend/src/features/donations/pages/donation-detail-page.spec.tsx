// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, type CurrentAccountView, type DonationView, type MemberProfileView } from '@hdiya/contracts';
import { i18n } from '@/lib/i18n';
import { answer, http, HttpResponse, signedOut, answerFromTestApi } from '@/test/api-server';
import { renderPage } from '@/test/render-page';
import { DonationDetailPage } from './donation-detail-page';

// The donation page against a fake API: what a visitor and a member see, and what reserving
// sends (docs/product.md#donation-detail, #reservations).
answerFromTestApi();

const donation: DonationView = {
  id: 42,
  title: 'Table basse en bois',
  description: 'Une table basse solide, quelques rayures sur le plateau.',
  imageUrl: '/api/images/donations/a.webp',
  thumbnailUrl: '/api/images/donations/a-thumb.webp',
  photos: [],
  status: 'available',
  categoryId: 1,
  userId: 'owner-1',
  owner: { id: 'owner-1', displayName: 'Amina B.', profileImageUrl: null },
  city: 'casablanca',
  latitude: 33.57,
  longitude: -7.59,
  pointsValue: 10,
  guaranteePoints: 2,
  reservationPoints: 2,
  reserved: false,
  allocation: { mode: 'first' },
  reservedById: null,
  reservedAt: null,
  confirmedAt: null,
  autoExpireAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const member = (points: number): CurrentAccountView => ({
  id: 'member-1',
  username: 'youssef',
  email: 'youssef@example.ma',
  phone: '+212600000001',
  firstName: 'Youssef',
  lastName: 'El Amrani',
  profileImageUrl: null,
  city: 'casablanca',
  role: 'member',
  createdAt: '2026-11-01T10:00:00.000Z',
  emailVerified: true,
  pendingEmail: null,
  language: 'fr',
  points,
  blockedPoints: 0,
  reliabilityScore: 100,
  pointsPending: false,
});

const donor: MemberProfileView = {
  id: 'owner-1',
  displayName: 'Amina B.',
  firstName: 'Amina',
  lastName: 'B',
  profileImageUrl: null,
  city: 'casablanca',
  createdAt: '2026-10-01T10:00:00.000Z',
  memberSince: '2026-10-01T10:00:00.000Z',
  given: 4,
  received: 1,
  declared: 0,
  ratings: null,
  noShows90d: 0,
  level: 'reliable',
  replyTime: { medianMs: 3_600_000, replies: 6 },
  recentComments: [],
};

/** What every opening of the page asks besides the donation: its donor, the categories, a member's favourites. */
const around = [
  http.get('/api/users/owner-1', () => HttpResponse.json(donor)),
  http.get('/api/categories', () => HttpResponse.json(CATEGORIES)),
  http.get('/api/user/favorites', () => HttpResponse.json([])),
];

/** The reservations the page sent. */
function recordReservations(): number[] {
  const sent: number[] = [];
  answer(
    http.post('/api/donations/:id/reserve', ({ params }) => {
      sent.push(Number(params.id));
      return HttpResponse.json({ ...donation, status: 'reserved', reserved: true, reservedById: 'member-1', reservedAt: new Date().toISOString() });
    }),
  );
  return sent;
}

const open = (language: 'fr' | 'ar' = 'fr') => (answer(...around), renderPage(<DonationDetailPage />, { path: '/donations/:id', url: '/donations/42', language }));
const reserveButton = () => screen.findByRole('button', { name: i18n.t('donations.reservation.reserve', { count: 2 }) });

describe('DonationDetailPage', () => {
  it('shows a visitor the donation and its donor, and asks them to sign in to reserve, sending nothing', async () => {
    answer(signedOut, http.get('/api/donations/42', () => HttpResponse.json(donation)));
    const sent = recordReservations();
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Table basse en bois' })).toBeTruthy();
    expect(screen.getByText(/quelques rayures/)).toBeTruthy();
    expect(screen.getByText('Amina B.')).toBeTruthy();

    fireEvent.click(await reserveButton());
    expect(await screen.findByText(i18n.t('donations.reservation.loginTitle'))).toBeTruthy();
    const signIn = screen.getByRole('link', { name: i18n.t('layout.login') });
    expect(signIn.getAttribute('href')).toMatch(/^\/login\b/);
    expect(sent).toEqual([]);
  });

  it('reserves for a member with the points, once, and shows it reserved for them', async () => {
    // The fake keeps the server's state: once reserved, the donation reads reserved by this member.
    let current = donation;
    const sent: number[] = [];
    answer(
      http.get('/api/auth/user', () => HttpResponse.json(member(10))),
      http.get('/api/donations/42', () => HttpResponse.json(current)),
      http.post('/api/donations/:id/reserve', ({ params }) => {
        sent.push(Number(params.id));
        current = { ...donation, status: 'reserved', reserved: true, reservedById: 'member-1', reservedAt: new Date().toISOString(), autoExpireAt: '2026-12-13T10:00:00.000Z' };
        return HttpResponse.json(current);
      }),
    );
    await open();
    fireEvent.click(await reserveButton());
    expect(await screen.findByText(i18n.t('donations.detail.reservedByYou'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: i18n.t('donations.reservation.reserve', { count: 2 }) })).toBeNull();
    expect(sent).toEqual([42]);
  });

  it('tells a member without 2 available points, without asking the server', async () => {
    answer(http.get('/api/auth/user', () => HttpResponse.json(member(1))), http.get('/api/donations/42', () => HttpResponse.json(donation)));
    const sent = recordReservations();
    await open();
    fireEvent.click(await reserveButton());
    expect(await screen.findByText(i18n.t('donations.reservation.insufficientTitle'))).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says a donation that does not exist was not found', async () => {
    answer(signedOut, http.get('/api/donations/42', () => HttpResponse.json({ statusCode: 404, code: 'DONATION_NOT_FOUND', message: 'Don introuvable' }, { status: 404 })));
    await open();
    expect(await screen.findByText(i18n.t('donations.detail.notFound'))).toBeTruthy();
  });

  it('is drawn right to left in Arabic, in Arabic', async () => {
    answer(signedOut, http.get('/api/donations/42', () => HttpResponse.json(donation)));
    await open('ar');
    await screen.findByRole('heading', { level: 1, name: 'Table basse en bois' });
    expect(document.documentElement.dir).toBe('rtl');
    await waitFor(() => expect(screen.getByRole('link', { name: i18n.t('donations.detail.back', { lng: 'ar' }) })).toBeTruthy());
  });
});
