import { z } from 'zod';
import { decodeModerationLogCursor, ModerationLogMessages, ModerationLogRules } from '../moderation-log.js';
import { fromText, integer, optionalText, uuid } from '../validation/fields.js';

/** An action's or a target type's code as the log writes them: `donation.force_delete`, `contact_message`. */
const CODE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)*$/;

/** The filters of the log, as each service takes them (the gateway has decoded the cursor). */
export const ModerationLogFiltersSchema = z.object({
  actorId: uuid(ModerationLogMessages.actor).optional(),
  action: z.string({ error: ModerationLogMessages.action }).max(60, ModerationLogMessages.action).regex(CODE, ModerationLogMessages.action).optional(),
  targetType: z.string({ error: ModerationLogMessages.targetType }).max(40, ModerationLogMessages.targetType).regex(CODE, ModerationLogMessages.targetType).optional(),
  targetId: z.string({ error: ModerationLogMessages.targetId }).trim().min(1, ModerationLogMessages.targetId).max(100, ModerationLogMessages.targetId).optional(),
  before: z
    .object({ at: z.iso.datetime({ precision: 6, error: ModerationLogMessages.cursor }), id: uuid(ModerationLogMessages.cursor) }, { error: ModerationLogMessages.cursor })
    .optional(),
  limit: integer(ModerationLogMessages.limit, 1, ModerationLogRules.maxPageSize + 1),
});
export type ModerationLogFilters = z.output<typeof ModerationLogFiltersSchema>;

/** `GET /api/admin/audit-log`'s query string: the filters, `before` the `X-Next-Cursor` of the page before. */
export const ModerationLogQuerySchema = z.object({
  actor: uuid(ModerationLogMessages.actor).optional(),
  action: ModerationLogFiltersSchema.shape.action,
  targetType: ModerationLogFiltersSchema.shape.targetType,
  targetId: ModerationLogFiltersSchema.shape.targetId,
  before: z
    .string({ error: ModerationLogMessages.cursor })
    .max(100, ModerationLogMessages.cursor)
    .transform((text, context) => {
      const cursor = decodeModerationLogCursor(text);
      if (!cursor) context.addIssue({ code: 'custom', message: ModerationLogMessages.cursor });
      return cursor ?? z.NEVER;
    })
    .optional(),
  limit: fromText(integer(ModerationLogMessages.limit, 1, ModerationLogRules.maxPageSize).optional()),
});
export type ModerationLogQuery = z.output<typeof ModerationLogQuerySchema>;

/** A moderator's optional reason for removing a donation (`POST /api/admin/force-delete/{id}`). */
export const ForceDeleteSchema = z.object({ reason: optionalText('reason', ModerationLogRules.maxReason) });
export type ForceDeleteInput = z.output<typeof ForceDeleteSchema>;
