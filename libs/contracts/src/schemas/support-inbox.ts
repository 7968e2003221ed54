import { z } from 'zod';
import { SupportInboxMessages, SupportInboxRules } from '../support-inbox.js';
import { requiredText } from '../validation/fields.js';

/** `POST /api/admin/contact-messages/{id}/reply`: the text mailed to the sender. */
export const ContactReplySchema = z.object({
  message: requiredText('message', SupportInboxRules.maxReply, SupportInboxMessages.reply),
});
export type ContactReplyInput = z.output<typeof ContactReplySchema>;
