import { Type } from 'class-transformer';
import { IsDefined, IsUUID, ValidateNested } from 'class-validator';
import { UpdateProfileDto } from '@hdiya/contracts';

const NOT_FOUND = "Cet utilisateur n'existe pas.";

/** RPC payload naming one member; a malformed id is simply an unknown member. */
export class UserIdPayload {
  @IsUUID('all', { message: NOT_FOUND })
  userId: string;
}

export class UpdateProfilePayload extends UserIdPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => UpdateProfileDto)
  changes: UpdateProfileDto;
}
