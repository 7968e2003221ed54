import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { ContactService } from './contact.service.js';

@Controller()
export class ContactHandlers {
  constructor(private readonly contact: ContactService) {}

  @RpcHandler(Rpc.users.contact)
  receive(input: RpcRequest<'users.contact'>) {
    const { userId, language, ...message } = input;
    return this.contact.receive(message, userId ?? null, language);
  }
}
