import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { ErrorCodes, Events, PointsMessages, type PointsTransferredV1, type TransferResult } from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, rows, rpcError, sql, write } from '@hdiya/platform';
import { POINTS_CONFIG, SCHEMA, type PointsConfig } from '../config.js';
import { db } from '../database/db.js';
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

/** The transfer a sender already made with this idempotency key, if any. */
const transferWithKey = (senderId: string, idempotencyKey: string) =>
  db
    .selectFrom('transfers')
    .select(['id', 'receiver_id', 'points', 'sender_balance_after'])
    .where('sender_id', '=', senderId)
    .where('idempotency_key', '=', idempotencyKey);

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
          const done = await firstRow(manager, transferWithKey(input.senderId, input.idempotencyKey));
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
        await write(
          manager,
          db.insertInto('transfers').values({
            id,
            sender_id: input.senderId,
            receiver_id: receiverId,
            points: input.points,
            message: input.message,
            idempotency_key: input.idempotencyKey,
            sender_balance_after: after.points,
          }),
        );
        const payload: PointsTransferredV1 = { transferId: id, senderId: input.senderId, receiverId, points: input.points, message: input.message };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.points.PointsTransferred, payload)]);
        await this.ledger.announce(manager, [input.senderId, receiverId], 'transfer');
        return asResult(row);
      });
    } catch (error) {
      // The same key raced in from a parallel retry: the other request transferred; answer its result.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505' && input.idempotencyKey) {
        const done = await firstRow(this.dataSource.manager, transferWithKey(input.senderId, input.idempotencyKey));
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
    const sender = input.senderId;
    const { gifted } = (await firstRow(
      manager,
      db.selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(eb.selectFrom('gifts').select('reservation_id').where((w) => w.or([w('owner_id', '=', sender), w('reserver_id', '=', sender)]))),
            eb.exists(eb.selectFrom('holds').select('reservation_id').where('user_id', '=', sender).where('state', '=', 'captured')),
            eb.exists(eb.selectFrom('ledger_entries').select('id').where('user_id', '=', sender).where('reason', '=', 'reception_reward')),
          ])
          .as('gifted'),
      ),
    ))!;
    if (transferableNow(available, Boolean(gifted)) < input.points) {
      throw rpcError(400, ErrorCodes.WELCOME_POINTS_LOCKED, PointsMessages.welcomeLocked, 'points');
    }
    const recent = await rows(
      manager,
      db
        .selectFrom('transfers')
        .select(['points', 'created_at as at'])
        .where('sender_id', '=', sender)
        .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
        .orderBy('created_at'),
    );
    const cap = this.config.TRANSFER_POINTS_DAILY_CAP;
    const freeAt = transferCapFreesAt(recent, input.points, cap);
    if (freeAt) throw rpcError(400, ErrorCodes.TRANSFER_DAILY_CAP, PointsMessages.transferDailyCap(cap, FREE_AT.format(freeAt)), 'points');
  }
}
