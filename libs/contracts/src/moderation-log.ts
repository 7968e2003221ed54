// The moderators' audit log (issue 45, decision 0058): every moderator action, who, when, what and
// why, written by the service that acted in the action's own transaction; the gateway merges them.

/**
 * The actions the product writes, `<target>.<verb>`. The log takes any such text (a service may
 * write a new action before the web app names it: the screen then shows the code).
 */
export const MODERATION_ACTIONS = [
  'donation.force_delete',
  'donation.reports.dismiss',
  'rating.reports.dismiss',
  'rating.comment.remove',
  'contact.reply',
  'member.suspend',
  'member.reinstate',
  'member_report.dismiss',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What an action was done to: its type and its id as text (a donation's number, a member's UUID…). */
export const MODERATION_TARGET_TYPES = ['donation', 'rating', 'contact_message', 'member'] as const;

/** One entry as a service's log holds it. */
export interface ModerationLogEntry {
  id: string;
  /** When the action's transaction ran (ISO 8601, to the microsecond: the page cursor needs every digit). */
  at: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** Why, when the moderator said (a force-delete's reason); null otherwise. */
  reason: string | null;
  /** What the action changed (reports closed, the donation's title…): for the reader, never trusted. */
  details: Record<string, unknown>;
}

/** `GET /api/admin/audit-log`: an entry with the moderator's display name (null when the users service cannot say). */
export interface ModerationLogEntryView extends ModerationLogEntry {
  actorName: string | null;
}

/** Where a page of the log starts: strictly older than this entry (newest first, then the greater id first). */
export interface ModerationLogCursor {
  at: string;
  id: string;
}

/** The page cursor as it travels (`X-Next-Cursor`, then `?before=`): opaque text. */
export function encodeModerationLogCursor(cursor: ModerationLogCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor a `?before=` names, or null when the text is none of ours. */
export function decodeModerationLogCursor(text: string): ModerationLogCursor | null {
  const found = CURSOR.exec(text);
  if (!found || Number.isNaN(Date.parse(found[1]!))) return null;
  return { at: found[1]!, id: found[2]! };
}

export const ModerationLogMessages = {
  limit: 'Le nombre d’entrées par page doit être un entier entre 1 et 100.',
  cursor: 'Curseur de page invalide : repartez de la première page.',
  actor: 'Le modérateur doit être désigné par son identifiant (UUID).',
  action: 'Action inconnue : une action s’écrit en minuscules, par exemple donation.force_delete.',
  targetType: 'Type de cible inconnu : par exemple donation, rating ou contact_message.',
  targetId: 'L’identifiant de la cible ne doit pas dépasser 100 caractères.',
  reason: 'La raison ne doit pas dépasser 1000 caractères.',
} as const;

/** How many entries a page holds at most, and by default. */
export const ModerationLogRules = { maxPageSize: 100, defaultPageSize: 50, maxReason: 1000 } as const;
