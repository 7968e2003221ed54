import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { ErrorCodes, Events, PointsMessages, type PointsTransferredV1, type TransferResult } from '@hdiya/contracts';
import { appendToOutbox, createEvent, rpcError } from '@hdiya/platform';
import { POINTS_CONFIG, SCHEMA, type PointsConfig } from '../config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { transferableNow, transferCapFreesAt, transferEntries } from '../ledger/ledger.rules.js';

export interface TransferInput {
  senderId: string;
  /** Null when the phone names no member: every rule answers first, as for a member (no oracle). */
  receiverId: string | null;
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

/** "25/11/2026 14:05", Moroccan time: when the daily transfer cap frees up. */
const FREE_AT = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Casablanca', dateStyle: 'short', timeStyle: 'short' });

@Injectable()
export class TransfersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    @Inject(POINTS_CONFIG) private readonly config: PointsConfig,
  ) {}

  /**
   * Moves points between two members: `transferred` −N and `received` +N, each naming the other.
   * Both accounts are locked, so parallel transfers never overdraw; a request retried with the same
   * idempotency key answers the first transfer's result instead of transferring again.
   * The checks run in one order whether or not the phone named a member (key, balance, welcome
   * lock, daily cap, then the receiver), so no answer tells which phones are members.
   */
  async transfer(input: TransferInput): Promise<TransferResult> {
    if (input.senderId === input.receiverId) throw rpcError(400, ErrorCodes.TRANSFER_TO_SELF, PointsMessages.toSelf, 'receiverIdentifier');
    try {
      return await this.dataSource.transaction(async (manager) => {
        const accounts = await this.ledger.lockAccounts(manager, input.receiverId ? [input.senderId, input.receiverId] : [input.senderId]);
        if (input.idempotencyKey) {
          const [done] = (await manager.query(`SELECT * FROM "${SCHEMA}"."transfers" WHERE "sender_id" = $1 AND "idempotency_key" = $2`, [
            input.senderId,
            input.idempotencyKey,
          ])) as TransferRow[];
          if (done) return replayOf(done, input);
        }
        await this.checkSender(manager, input, accounts.get(input.senderId)!.points);
        if (!input.receiverId) throw rpcError(404, ErrorCodes.RECIPIENT_NOT_FOUND, PointsMessages.recipientNotFound, 'receiverIdentifier');
        const receiverId = input.receiverId;
        const id = randomUUID();
        const [out, into] = transferEntries(id, input.senderId, receiverId, input.points, input.message);
        const after = await this.ledger.record(manager, out);
        await this.ledger.record(manager, into);
        const row: TransferRow = { id, receiver_id: receiverId, points: input.points, sender_balance_after: after.points };
        await manager.query(
          `INSERT INTO "${SCHEMA}"."transfers" ("id", "sender_id", "receiver_id", "points", "message", "idempotency_key", "sender_balance_after")
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, input.senderId, receiverId, input.points, input.message, input.idempotencyKey, after.points],
        );
        const payload: PointsTransferredV1 = { transferId: id, senderId: input.senderId, receiverId, points: input.points, message: input.message };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.points.PointsTransferred, payload)]);
        await this.ledger.announce(manager, [input.senderId, receiverId], 'transfer');
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

  /**
   * The sender's side, under their account lock (decision 0019): enough points; the welcome points
   * stay until the member has given or received an item once; at most the daily cap sent per 24 h.
   */
  private async checkSender(manager: EntityManager, input: TransferInput, available: number): Promise<void> {
    if (available < input.points) throw rpcError(400, ErrorCodes.POINTS_INSUFFICIENT, PointsMessages.insufficient, 'points');
    const [{ gifted }] = (await manager.query(
      `SELECT EXISTS (SELECT 1 FROM "${SCHEMA}"."gifts" WHERE "owner_id" = $1 OR "reserver_id" = $1)
           OR EXISTS (SELECT 1 FROM "${SCHEMA}"."holds" WHERE "user_id" = $1 AND "state" = 'captured')
           OR EXISTS (SELECT 1 FROM "${SCHEMA}"."ledger_entries" WHERE "user_id" = $1 AND "reason" = 'reception_reward') AS "gifted"`,
      [input.senderId],
    )) as { gifted: boolean }[];
    if (transferableNow(available, gifted!) < input.points) {
      throw rpcError(400, ErrorCodes.WELCOME_POINTS_LOCKED, PointsMessages.welcomeLocked, 'points');
    }
    const recent = (await manager.query(
      `SELECT "points", "created_at" AS "at" FROM "${SCHEMA}"."transfers"
       WHERE "sender_id" = $1 AND "created_at" > now() - interval '24 hours' ORDER BY "created_at"`,
      [input.senderId],
    )) as { points: number; at: Date }[];
    const cap = this.config.TRANSFER_POINTS_DAILY_CAP;
    const freeAt = transferCapFreesAt(recent, input.points, cap);
    if (freeAt) throw rpcError(400, ErrorCodes.TRANSFER_DAILY_CAP, PointsMessages.transferDailyCap(cap, FREE_AT.format(freeAt)), 'points');
  }
}
