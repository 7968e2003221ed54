import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IsOptional, IsUUID } from 'class-validator';
import { ContactDto, Rpc } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { ContactService } from './contact.service.js';

export class ContactPayload extends ContactDto {
  @IsOptional()
  @IsUUID()
  userId?: string | null;
}

@Controller()
export class ContactHandlers {
  constructor(private readonly contact: ContactService) {}

  @MessagePattern(Rpc.users.contact)
  receive(@Payload(new ValidatedPayload(ContactPayload)) input: ContactPayload): Promise<{ id: string }> {
    const { userId, ...message } = input;
    return this.contact.receive(message, userId ?? null);
  }
}
