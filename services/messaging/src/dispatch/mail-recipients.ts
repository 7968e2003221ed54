import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { Rpc, type MailRecipient } from '@hdiya/contracts';
import { callService } from '@hdiya/platform';
import { LOOKUP_RPC, MESSAGING_CONFIG, type MessagingConfig } from '../config.js';

/** Unknown: the users service did not answer (try again later); null: no such member any more. */
export type RecipientLookup = { found: MailRecipient | null } | { unavailable: true };

/**
 * Where and in which language to write to a member, asked of the users service each time (e-mail
 * addresses never travel on the event stream, and a change of address or language applies at once).
 */
@Injectable()
export class MailRecipients {
  constructor(
    @Inject(LOOKUP_RPC) private readonly client: ClientProxy,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async lookup(memberId: string): Promise<RecipientLookup> {
    try {
      return { found: await callService(this.client, Rpc.users.mailRecipient, { userId: memberId }, this.config.LOOKUP_RPC_TIMEOUT_MS) };
    } catch {
      return { unavailable: true };
    }
  }
}
