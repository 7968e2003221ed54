export const PROFILE_TABS = ['profile', 'donations', 'reservations', 'favorites'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** `?tab=` value → tab; anything unknown shows the default profile tab. */
export function parseProfileTab(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'profile';
}
