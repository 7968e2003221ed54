import { z } from 'zod';
import { MEMBER_REPORT_REASONS, MemberReportMessages, MemberReportRules } from '../member-reports.js';
import { integer, MAX_INT_ID, optionalText, requiredText } from '../validation/fields.js';

/**
 * A conversation between the reporter and the member: a donation's id, or `none` for the one about
 * no donation, as `GET /api/messages/conversation/{userId}?donationId=` names it.
 */
export const ConversationRefSchema = z.union([z.literal('none'), integer(MemberReportMessages.conversationId, 1, MAX_INT_ID)], {
  error: MemberReportMessages.conversationId,
});

/** `POST /api/users/{id}/reports`: why, optional details, and perhaps the conversation with them. */
export const ReportMemberSchema = z.object({
  reason: z.enum(MEMBER_REPORT_REASONS, { error: MemberReportMessages.reason }),
  comment: optionalText('comment', MemberReportRules.commentMaxLength),
  conversationId: ConversationRefSchema.nullish(),
});
export type ReportMemberInput = z.output<typeof ReportMemberSchema>;

/** `POST /api/admin/members/{id}/suspend`: why (the member reads it) and until when (none: a ban). */
export const SuspendMemberSchema = z.object({
  reason: requiredText('reason', MemberReportRules.suspensionReasonMaxLength, MemberReportMessages.suspensionReason).min(
    MemberReportRules.suspensionReasonMinLength,
    MemberReportMessages.suspensionReason,
  ),
  until: z.iso
    .datetime({ offset: true, error: MemberReportMessages.until })
    .refine((text) => Date.parse(text) > Date.now(), MemberReportMessages.until)
    .nullish(),
});
export type SuspendMemberInput = z.output<typeof SuspendMemberSchema>;
