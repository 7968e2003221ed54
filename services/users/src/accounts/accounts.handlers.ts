import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { AccountsService } from './accounts.service.js';

@Controller()
export class AccountsHandlers {
  constructor(private readonly accounts: AccountsService) {}

  @RpcHandler(Rpc.users.signup)
  signup(input: RpcRequest<'users.signup'>) {
    return this.accounts.signup(input);
  }

  @RpcHandler(Rpc.users.verifyCredentials)
  verifyCredentials(input: RpcRequest<'users.verify-credentials'>) {
    return this.accounts.verifyCredentials(input.username, input.password);
  }

  /** The account a login identifier names, so login limits count per account, not per spelling. */
  @RpcHandler(Rpc.users.resolveLogin)
  resolveLogin(input: RpcRequest<'users.resolve-login'>) {
    return this.accounts.resolveLogin(input.identifier);
  }

  @RpcHandler(Rpc.users.get)
  get(input: RpcRequest<'users.get'>) {
    return this.accounts.getAccount(input.userId);
  }

  @RpcHandler(Rpc.users.getPublic)
  getPublic(input: RpcRequest<'users.get-public'>) {
    return this.accounts.getPublicProfile(input.userId);
  }

  @RpcHandler(Rpc.users.updateProfile)
  updateProfile(input: RpcRequest<'users.update-profile'>) {
    return this.accounts.updateProfile(input.userId, input.changes);
  }

  @RpcHandler(Rpc.users.contacts)
  contacts(input: RpcRequest<'users.contacts'>) {
    return this.accounts.contactsFor(input.actorId, input.userIds);
  }

  @RpcHandler(Rpc.users.mailRecipient)
  mailRecipient(input: RpcRequest<'users.mail-recipient'>) {
    return this.accounts.mailRecipient(input.userId);
  }

  @RpcHandler(Rpc.users.findByPhone)
  findByPhone(input: RpcRequest<'users.find-by-phone'>) {
    return this.accounts.findByPhone(input.phone);
  }
}
