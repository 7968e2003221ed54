// "Télécharger mes données" (issue 47; law 09-08's right of access): each service answers the
// files of the member's export it holds, the gateway zips them with the member's donation photos.

/** One JSON file of the export: `name` (`donations.json`) and what it holds. */
export interface MemberExportFile {
  name: string;
  content: unknown;
}

/** What one service holds about a member, as the files of the export it owns. */
export interface MemberExportPart {
  files: MemberExportFile[];
  /** Storage keys of the member's donation photos, zipped under `photos/` (donations only). */
  photoKeys: string[];
}

/** The export's files, in the order they are zipped, and the service each comes from (docs/api.md). */
export const MEMBER_EXPORT_FILES = {
  users: ['account.json', 'member-reports.json', 'contact-messages.json'],
  donations: ['donations.json', 'reservations.json', 'requests.json', 'waiting-lists.json', 'asks.json', 'favourites.json', 'saved-searches.json', 'ratings.json', 'reports.json'],
  points: ['points.json'],
  messaging: ['messages.json', 'notification-preferences.json', 'push-devices.json'],
} as const;

/** Exports a member may download a day: each reads every service's tables. */
export const MEMBER_EXPORTS_PER_DAY = 3;
