import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ContactInput, MailLanguage } from '@hdiya/contracts';
import { User } from '../core/user.entity.js';
import { SupportMails } from '../mail/support-mails.js';
import { ContactMessage } from './contact-message.entity.js';

@Injectable()
export class ContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mails: SupportMails,
  ) {}

  /**
   * Stores the message for the support inbox and mails the support address when one is configured,
   * in one transaction. No event: nothing consumed one, and it carried the sender's address onto
   * the stream (decision 0076). Replies go out in `language`: a signed-in member's own
   * (their account's), else the one the page was shown in.
   */
  async receive(input: ContactInput, userId: string | null, pageLanguage: MailLanguage = 'fr'): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const member = userId ? await manager.findOne(User, { select: { id: true, language: true }, where: { id: userId } }) : null;
      const language = member?.language ?? pageLanguage;
      const message = manager.create(ContactMessage, { id: randomUUID(), userId, ...input, language, status: 'new' });
      await manager.save(message);
      await this.mails.received(manager, message);
      return { id: message.id };
    });
  }
}
