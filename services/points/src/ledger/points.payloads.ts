import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { PointsMessages } from '@hdiya/contracts';

// RPC payloads of the points service; the gateway has validated the member's input already and
// the service checks again what it relies on.

export class MemberQuery {
  @IsUUID('all', { message: 'Identifiant de membre invalide.' })
  userId: string;
}

export class HistoryQuery extends MemberQuery {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @IsOptional()
  @Matches(/^\d{1,19}$/)
  before?: string;
}

export class ReservationPayload {
  @IsUUID()
  reservationId: string;

  @IsInt()
  @Min(1)
  donationId: number;

  @IsString()
  @MaxLength(200)
  title: string;
}

export class HoldPayload extends ReservationPayload {
  @IsUUID()
  reserverId: string;

  @IsUUID()
  ownerId: string;
}

export class TransferPayload {
  @IsUUID()
  senderId: string;

  @IsUUID()
  receiverId: string;

  @IsInt({ message: PointsMessages.positive })
  @Min(1, { message: PointsMessages.positive })
  points: number;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  message?: string | null;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{8,100}$/, { message: PointsMessages.idempotencyKey })
  idempotencyKey?: string | null;
}
