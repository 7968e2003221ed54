import { Controller } from '@nestjs/common';
import { Rpc, type RpcRequest } from '@hdiya/contracts';
import { RpcHandler } from '@hdiya/platform';
import { EmailVerificationService } from './email-verification.service.js';

@Controller()
export class EmailVerificationHandlers {
  constructor(private readonly verification: EmailVerificationService) {}

  @RpcHandler(Rpc.users.verifyEmail)
  verify(input: RpcRequest<'users.verify-email'>) {
    return this.verification.verify(input.token);
  }

  @RpcHandler(Rpc.users.resendVerification)
  resend(input: RpcRequest<'users.resend-verification'>) {
    return this.verification.resend(input.userId);
  }
}
