import { Type } from 'class-transformer';
import { IsDefined, IsUUID, ValidateNested } from 'class-validator';
import { Messages, UpdateProfileDto } from '@hdiya/contracts';

/** RPC payload naming one member; a malformed id is simply an unknown member. */
export class UserIdPayload {
  @IsUUID('all', { message: Messages.userNotFound })
  userId: string;
}

export class UpdateProfilePayload extends UserIdPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => UpdateProfileDto)
  changes: UpdateProfileDto;
}
