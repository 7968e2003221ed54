import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { AccountDeletionService } from './account-deletion.service.js';

@Controller()
export class AccountDeletionHandlers {
  constructor(private readonly deletion: AccountDeletionService) {}

  @RpcHandler(Rpc.users.checkPassword)
  checkPassword(input: RpcRequest<'users.check-password'>) {
    return this.deletion.checkPassword(input.userId, input.currentPassword);
  }

  @RpcHandler(Rpc.users.deleteAccount)
  deleteAccount(input: RpcRequest<'users.delete-account'>) {
    return this.deletion.delete(input.userId, input.currentPassword);
  }
}
