import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsUUID, Matches, Min, ValidateNested } from 'class-validator';
import {
  CreateDonationDto,
  DonationMessages,
  PageQuery,
  ReportDonationDto,
  UpdateDonationDto,
  type Actor,
  type StoredImage,
} from '@hdiya/contracts';

// RPC payloads: the gateway wraps the validated HTTP input with the acting member and, for
// photos, the keys its upload pipeline stored. The service validates all of it again.

export class ActorDto implements Actor {
  @IsUUID()
  id: string;

  @IsIn(['member', 'admin'])
  role: 'member' | 'admin';
}

const IMAGE_KEY = /^donations\/[0-9a-f-]{36}\.webp$/;
const THUMBNAIL_KEY = /^donations\/[0-9a-f-]{36}-thumb\.webp$/;

export class StoredImageDto implements StoredImage {
  @Matches(IMAGE_KEY, { message: DonationMessages.imageRequired })
  imageKey: string;

  @Matches(THUMBNAIL_KEY, { message: DonationMessages.imageRequired })
  thumbnailKey: string;
}

class ActorPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => ActorDto)
  actor: ActorDto;
}

export class DonationIdPayload {
  @IsInt({ message: DonationMessages.donationId })
  @Min(1, { message: DonationMessages.donationId })
  donationId: number;
}

export class ActorDonationPayload extends ActorPayload {
  @IsInt({ message: DonationMessages.donationId })
  @Min(1, { message: DonationMessages.donationId })
  donationId: number;
}

export class CreateDonationPayload extends ActorPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => CreateDonationDto)
  fields: CreateDonationDto;

  @IsDefined({ message: DonationMessages.imageRequired })
  @ValidateNested()
  @Type(() => StoredImageDto)
  image: StoredImageDto;
}

export class UpdateDonationPayload extends ActorDonationPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => UpdateDonationDto)
  changes: UpdateDonationDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => StoredImageDto)
  image?: StoredImageDto | null;
}

export class ReportPayload extends ActorDonationPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => ReportDonationDto)
  report: ReportDonationDto;
}

export class ActorPagePayload extends ActorPayload {
  @IsDefined()
  @ValidateNested()
  @Type(() => PageQuery)
  page: PageQuery;
}

export class OwnerPagePayload {
  @IsUUID()
  ownerId: string;

  @IsDefined()
  @ValidateNested()
  @Type(() => PageQuery)
  page: PageQuery;
}
