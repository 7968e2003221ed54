import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
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

/** A moderator asking for the e-mails of several members (the moderation list). */
export class ContactsPayload {
  @IsUUID()
  actorId: string;

  @IsArray()
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true })
  userIds: string[];
}

export class PhonePayload {
  @IsString()
  @MaxLength(30)
  phone: string;
}

/** What a member typed to sign in: a username or an e-mail address. */
export class LoginIdentifierPayload {
  @IsString()
  @MaxLength(254)
  identifier: string;
}
