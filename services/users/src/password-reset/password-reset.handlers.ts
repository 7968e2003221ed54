import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForgotPasswordDto, Rpc } from '@hdiya/contracts';
import { ValidatedPayload } from '@hdiya/platform';
import { PasswordResetService } from './password-reset.service.js';

@Controller()
export class PasswordResetHandlers {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @MessagePattern(Rpc.users.forgotPassword)
  request(@Payload(new ValidatedPayload(ForgotPasswordDto)) input: ForgotPasswordDto): Promise<{ message: string }> {
    return this.passwordReset.request(input.email);
  }
}
