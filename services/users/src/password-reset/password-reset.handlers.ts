import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { PasswordResetService } from './password-reset.service.js';

@Controller()
export class PasswordResetHandlers {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @RpcHandler(Rpc.users.forgotPassword)
  request(input: RpcRequest<'users.forgot-password'>) {
    return this.passwordReset.request(input.email);
  }

  @RpcHandler(Rpc.users.resetPassword)
  reset(input: RpcRequest<'users.reset-password'>) {
    return this.passwordReset.reset(input);
  }
}
