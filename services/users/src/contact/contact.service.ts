import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, type ContactInput, type ContactMessageReceivedV1 } from '@hdiya/contracts';
import { appendToOutbox, createEvent } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { ContactMessage } from './contact-message.entity.js';

@Injectable()
export class ContactService {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores the message for the support team and announces it (a mailer may forward it). */
  async receive(input: ContactInput, userId: string | null): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const message = manager.create(ContactMessage, { id: randomUUID(), userId, ...input });
      await manager.save(message);
      const payload: ContactMessageReceivedV1 = {
        contactMessageId: message.id,
        name: message.name,
        email: message.email,
        subject: message.subject,
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.users.ContactMessageReceived, payload)]);
      return { id: message.id };
    });
  }
}
