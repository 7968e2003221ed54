// "Télécharger mes données" (issue 47; law 09-08's right of access): each service answers the
// files of the member's export it holds, the gateway zips them with the member's donation photos.

/**
 * One piece of a service's part of the export, in file order: a whole JSON file (`content`); or
 * the next items of a file that is a list (`items`; with `field`, the list is that field of an
 * object whose other fields `head` gives, on the file's first piece), continued in the next
 * pieces while `more`; or keys of the member's donation photos, zipped under `photos/`.
 */
export type MemberExportPiece =
  | { name: string; content: unknown }
  | { name: string; items: unknown[]; more: boolean; head?: Record<string, unknown>; field?: string }
  | { photoKeys: string[] };

/**
 * One reply of a service to `<service>.member-export` (issue 47): pieces in order, kept well under
 * NATS's message size (max_payload, 1 MB), and the cursor that asks for the next reply (`cursor`
 * in the request), null once the part is complete. Whatever the member's data weighs, each reply
 * stays small and the gateway zips the pieces as they arrive.
 */
export interface MemberExportPage {
  pieces: MemberExportPiece[];
  next: string | null;
}

/** The most a page's pieces weigh as JSON: a quarter of NATS's default max_payload leaves room for the reply's envelope. */
export const MEMBER_EXPORT_PAGE_BYTES = 256 * 1024;

/** The export's files, in the order they are zipped, and the service each comes from (docs/api.md). */
export const MEMBER_EXPORT_FILES = {
  users: ['account.json', 'member-reports.json', 'contact-messages.json'],
  donations: ['donations.json', 'reservations.json', 'requests.json', 'waiting-lists.json', 'asks.json', 'favourites.json', 'saved-searches.json', 'ratings.json', 'reports.json'],
  points: ['points.json'],
  messaging: ['messages.json', 'notification-preferences.json', 'push-devices.json'],
} as const;

/** Exports a member may download a day: each reads every service's tables. */
export const MEMBER_EXPORTS_PER_DAY = 3;
