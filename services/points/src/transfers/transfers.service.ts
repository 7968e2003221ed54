import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, QueryFailedError } from 'typeorm';
import { ErrorCodes, Events, PointsMessages, type PointsTransferredV1, type TransferResult } from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { transferEntries } from '../ledger/ledger.rules.js';

export interface TransferInput {
  senderId: string;
  receiverId: string;
  points: number;
  message: string | null;
  idempotencyKey: string | null;
}

interface TransferRow {
  id: string;
  receiver_id: string;
  points: number;
  sender_balance_after: number;
}

/**
 * A retry carrying the same idempotency key answers the first transfer, but only if it asks for
 * the same transfer: a key reused for another receiver or amount is refused (422).
 */
function replayOf(row: TransferRow, input: TransferInput): TransferResult {
  if (row.receiver_id !== input.receiverId || row.points !== input.points) {
    throw rpcError(422, ErrorCodes.IDEMPOTENCY_KEY_REUSED, PointsMessages.idempotencyKeyReused, 'idempotencyKey');
  }
  return asResult(row);
}

const asResult = (row: TransferRow): TransferResult => ({
  transferId: row.id,
  points: row.points,
  senderNewBalance: row.sender_balance_after,
  receiverId: row.receiver_id,
});

@Injectable()
export class TransfersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * Moves points between two members: `transferred` −N and `received` +N, each naming the other.
   * Both accounts are locked, so parallel transfers never overdraw; a request retried with the same
   * idempotency key answers the first transfer's result instead of transferring again.
   */
  async transfer(input: TransferInput): Promise<TransferResult> {
    if (input.senderId === input.receiverId) throw rpcError(400, ErrorCodes.TRANSFER_TO_SELF, PointsMessages.toSelf, 'receiverIdentifier');
    try {
      return await this.dataSource.transaction(async (manager) => {
        const accounts = await this.ledger.lockAccounts(manager, [input.senderId, input.receiverId]);
        if (input.idempotencyKey) {
          const [done] = (await manager.query(`SELECT * FROM "${SCHEMA}"."transfers" WHERE "sender_id" = $1 AND "idempotency_key" = $2`, [
            input.senderId,
            input.idempotencyKey,
          ])) as TransferRow[];
          if (done) return replayOf(done, input);
        }
        if (accounts.get(input.senderId)!.points < input.points) {
          throw rpcError(400, ErrorCodes.POINTS_INSUFFICIENT, PointsMessages.insufficient, 'points');
        }
        const id = randomUUID();
        const [out, into] = transferEntries(id, input.senderId, input.receiverId, input.points, input.message);
        const after = await this.ledger.record(manager, out);
        await this.ledger.record(manager, into);
        const row: TransferRow = { id, receiver_id: input.receiverId, points: input.points, sender_balance_after: after.points };
        await manager.query(
          `INSERT INTO "${SCHEMA}"."transfers" ("id", "sender_id", "receiver_id", "points", "message", "idempotency_key", "sender_balance_after")
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, input.senderId, input.receiverId, input.points, input.message, input.idempotencyKey, after.points],
        );
        const payload: PointsTransferredV1 = { transferId: id, senderId: input.senderId, receiverId: input.receiverId, points: input.points, message: input.message };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.points.PointsTransferred, payload)]);
        await this.ledger.announce(manager, [input.senderId, input.receiverId], 'transfer');
        return asResult(row);
      });
    } catch (error) {
      // The same key raced in from a parallel retry: the other request transferred; answer its result.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505' && input.idempotencyKey) {
        const [done] = (await this.dataSource.query(`SELECT * FROM "${SCHEMA}"."transfers" WHERE "sender_id" = $1 AND "idempotency_key" = $2`, [
          input.senderId,
          input.idempotencyKey,
        ])) as TransferRow[];
        if (done) return replayOf(done, input);
      }
      throw error;
    }
  }
}
