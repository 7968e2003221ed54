import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  LoginDto,
  Rpc,
  SignupDto,
  UpdateProfileDto,
  type AccountView,
  type PublicProfileView,
} from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { AccountsService } from './accounts.service.js';
import { ContactsPayload, LoginIdentifierPayload, PhonePayload, UserIdPayload, UpdateProfilePayload } from './accounts.payloads.js';

@Controller()
export class AccountsHandlers {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(Rpc.users.signup)
  signup(@Payload(new ValidatedPayload(SignupDto)) input: SignupDto): Promise<AccountView> {
    return this.accounts.signup(input);
  }

  @MessagePattern(Rpc.users.verifyCredentials)
  verifyCredentials(@Payload(new ValidatedPayload(LoginDto)) input: LoginDto): Promise<AccountView> {
    return this.accounts.verifyCredentials(input.username, input.password);
  }

  /** The account a login identifier names, so login limits count per account, not per spelling. */
  @MessagePattern(Rpc.users.resolveLogin)
  resolveLogin(@Payload(new ValidatedPayload(LoginIdentifierPayload)) input: LoginIdentifierPayload): Promise<{ accountId: string | null }> {
    return this.accounts.resolveLogin(input.identifier);
  }

  @MessagePattern(Rpc.users.get)
  get(@Payload(new ValidatedPayload(UserIdPayload)) input: UserIdPayload): Promise<AccountView> {
    return this.accounts.getAccount(input.userId);
  }

  @MessagePattern(Rpc.users.getPublic)
  getPublic(@Payload(new ValidatedPayload(UserIdPayload)) input: UserIdPayload): Promise<PublicProfileView> {
    return this.accounts.getPublicProfile(input.userId);
  }

  @MessagePattern(Rpc.users.updateProfile)
  updateProfile(@Payload(new ValidatedPayload(UpdateProfilePayload)) input: UpdateProfilePayload): Promise<AccountView> {
    return this.accounts.updateProfile(input.userId, input.changes as UpdateProfileDto);
  }

  @MessagePattern(Rpc.users.contacts)
  contacts(@Payload(new ValidatedPayload(ContactsPayload)) input: ContactsPayload): Promise<{ id: string; email: string }[]> {
    return this.accounts.contactsFor(input.actorId, input.userIds);
  }

  @MessagePattern(Rpc.users.findByPhone)
  findByPhone(@Payload(new ValidatedPayload(PhonePayload)) input: PhonePayload): Promise<PublicProfileView> {
    return this.accounts.findByPhone(input.phone);
  }
}
