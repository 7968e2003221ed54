import { Suspense, type ReactElement } from 'react';
import { Navigate, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { prefetchBrowse, prefetchDonation, prefetchHome } from '@/features/donations/api/first-answers';
import { MapTeaser } from '@/features/donations/components/map-teaser';
import { NearbyDonations } from '@/features/donations/components/nearby-donations';
import {
  FavoriteDonationsPanel,
  MyDonationsPanel,
  MyReservationsPanel,
} from '@/features/donations/components/member-donation-lists';
import { HomePage } from '@/features/home/pages/home-page';
import { ContactDonorForm } from '@/features/messages/components/contact-donor-form';
import { lazyNamed } from '@/lib/lazy-named';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';

// Screens reached less often load on demand, keeping the first download small; RootLayout
// shows a placeholder meanwhile. The forms among them bring the API's schemas (zod) with them.
const LoginPage = lazyNamed(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const SignupPage = lazyNamed(() => import('@/features/auth/pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyNamed(() => import('@/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyNamed(() => import('@/features/auth/pages/verify-email-page'), 'VerifyEmailPage');
// The information pages, loaded when opened: none is needed for the first screen.
const HowItWorksPage = lazyNamed(() => import('@/features/info/pages/how-it-works-page'), 'HowItWorksPage');
const LevelsPage = lazyNamed(() => import('@/features/info/pages/levels-page'), 'LevelsPage');
const AboutPage = lazyNamed(() => import('@/features/info/pages/about-page'), 'AboutPage');
const LegalNoticePage = lazyNamed(() => import('@/features/info/pages/legal-notice-page'), 'LegalNoticePage');
const PrivacyPolicyPage = lazyNamed(() => import('@/features/info/pages/privacy-policy-page'), 'PrivacyPolicyPage');
const AccountDeletedPage = lazyNamed(() => import('@/features/profile/pages/account-deleted-page'), 'AccountDeletedPage');
const SuccessStoriesPage = lazyNamed(() => import('@/features/info/pages/success-stories-page'), 'SuccessStoriesPage');
const TermsOfServicePage = lazyNamed(() => import('@/features/info/pages/terms-of-service-page'), 'TermsOfServicePage');
const ContactPage = lazyNamed(() => import('@/features/contact/pages/contact-page'), 'ContactPage');
const ProfilePage = lazyNamed(() => import('@/features/profile/pages/profile-page'), 'ProfilePage');
const BrowsePage = lazyNamed(() => import('@/features/donations/pages/browse-page'), 'BrowsePage');
const DonationDetailPage = lazyNamed(() => import('@/features/donations/pages/donation-detail-page'), 'DonationDetailPage');
const CreateDonationPage = lazyNamed(() => import('@/features/donations/pages/create-donation-page'), 'CreateDonationPage');
const EditDonationPage = lazyNamed(() => import('@/features/donations/pages/edit-donation-page'), 'EditDonationPage');
const AdminPage = lazyNamed(() => import('@/features/admin/pages/admin-page'), 'AdminPage');
const AsksPage = lazyNamed(() => import('@/features/donations/pages/asks-page'), 'AsksPage');
const SavedSearchesPage = lazyNamed(() => import('@/features/donations/pages/saved-searches-page'), 'SavedSearchesPage');
const TransferPointsPage = lazyNamed(() => import('@/features/points/pages/transfer-points-page'), 'TransferPointsPage');
const MessagesPage = lazyNamed(() => import('@/features/messages/pages/messages-page'), 'MessagesPage');
const NotificationsPage = lazyNamed(() => import('@/features/notifications/pages/notifications-page'), 'NotificationsPage');
const DataSaverSwitch = lazyNamed(() => import('@/components/data-saver-switch'), 'DataSaverSwitch');
const DevicePushSwitch = lazyNamed(() => import('@/features/notifications/components/device-push-switch'), 'DevicePushSwitch');
const NotificationSettingsPage = lazyNamed(() => import('@/features/notification-settings/pages/notification-settings-page'), 'NotificationSettingsPage');
const UnsubscribePage = lazyNamed(() => import('@/features/notification-settings/pages/unsubscribe-page'), 'UnsubscribePage');
const MemberRatingComments = lazyNamed(() => import('@/features/donations/components/member-rating-comments'), 'MemberRatingComments');
const NotificationSettingsLink = lazyNamed(() => import('@/features/notification-settings/components/notification-settings-link'), 'NotificationSettingsLink');
const PointsHistoryPage = lazyNamed(() => import('@/features/points/pages/points-history-page'), 'PointsHistoryPage');

// Features do not import each other (docs/architecture.md#house-rules): pages that show another feature's
// pieces receive them here, where the app composes features.
const contactDonor = (donation: { id: number; owner: { id: string } }) => <ContactDonorForm ownerId={donation.owner.id} donationId={donation.id} />;

// The notification settings hold this device's push switch; the profile keeps it too (the
// quickest place to turn this phone on) and links to the settings.
const devicePush = (
  <Suspense fallback={null}>
    <DevicePushSwitch />
  </Suspense>
);
const profileSettings = (
  <Suspense fallback={null}>
    <DevicePushSwitch />
    <DataSaverSwitch />
    <NotificationSettingsLink />
  </Suspense>
);

const profileRatings = (memberId: string) => (
  <Suspense fallback={null}>
    <MemberRatingComments memberId={memberId} />
  </Suspense>
);

const profilePanels = {
  donations: <MyDonationsPanel />,
  reservations: <MyReservationsPanel />,
  favorites: <FavoriteDonationsPanel />,
};

/** Asks for the answers a screen's first render shows, given its route's parameters and address; settles when they are in. */
type FirstAnswers = (params: Record<string, string | undefined>, url: URL) => Promise<unknown>;
const firstAnswers = (ask: FirstAnswers) => ({ firstAnswers: ask });

// Every route of docs/product.md#screens.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage nearby={<NearbyDonations />} mapTeaser={<MapTeaser />} />, handle: firstAnswers(prefetchHome) },
      { path: 'donations', element: <BrowsePage />, handle: firstAnswers(prefetchBrowse) },
      { path: 'donations/:id', element: <DonationDetailPage contact={contactDonor} />, handle: firstAnswers(prefetchDonation) },
      { path: 'create-donation', element: <CreateDonationPage /> },
      { path: 'edit-donation/:id', element: <EditDonationPage /> },
      { path: 'profile', element: <ProfilePage panels={profilePanels} settings={profileSettings} ratings={profileRatings} /> },
      { path: 'messages', element: <MessagesPage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: 'alerts', element: <SavedSearchesPage /> },
      { path: 'asks', element: <AsksPage /> },
      { path: 'transfer-points', element: <TransferPointsPage /> },
      { path: 'points-history', element: <PointsHistoryPage /> },
      { path: 'notifications', element: <NotificationsPage /> },
      { path: 'settings/notifications', element: <NotificationSettingsPage devicePush={devicePush} /> },
      // A notification mail's "stop these mails" link (decision 0027).
      { path: 'unsubscribe', element: <UnsubscribePage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'how-it-works', element: <HowItWorksPage /> },
      { path: 'levels', element: <LevelsPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'success-stories', element: <SuccessStoriesPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsOfServicePage /> },
      { path: 'legal-notice', element: <LegalNoticePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      // The links of account mails (the token in the fragment).
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'account-deleted', element: <AccountDeletedPage /> },
      // The older app linked the forgot-password page to /simple-login.
      { path: 'simple-login', element: <Navigate to="/login" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The first load: the screens of `url` (`code`) and, side by side, the answers they show first (a
 * route's `handle.firstAnswers`). Both settle, never fail: a failure is left to the screen's own
 * error state.
 */
export function preloadRoute(url: URL): { code: Promise<unknown>; answers: Promise<unknown> } {
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const answers = matches.map((match) => (match.route.handle as { firstAnswers?: FirstAnswers } | undefined)?.firstAnswers?.(match.params, url).catch(() => undefined));
  const screens = matches.map((match) => (match.route.element as ReactElement | undefined)?.type as { preload?: () => Promise<unknown> } | undefined);
  return { code: Promise.all(screens.map((screen) => screen?.preload?.().catch(() => undefined))), answers: Promise.all(answers) };
}

export function createRouter() {
  return createBrowserRouter(routes);
}
