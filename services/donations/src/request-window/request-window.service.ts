import { Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { RpcException } from '@nestjs/microservices';
import { DataSource, type EntityManager } from 'typeorm';
import {
  displayName,
  ErrorCodes,
  Events,
  isRpcErrorBody,
  RequestMessages,
  RequestWindowRules,
  type Actor,
  type DonationRequestsView,
  type DonationRequestView,
  type RequestMadeV1,
  type RequestState,
  type RequestWindowClosedV1,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, rows, rpcError, RpcRefusal, sql, write } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { Clock } from '../core/clock.js';
import { allocationOf } from '../core/donation-row.js';
import { lockDonation, type LockedDonation } from '../core/donation-state.js';
import { refuseToAsk } from '../core/member-standing.js';
import { refusal } from '../core/refusal.js';
import { closeRequests, skipRequest } from '../core/request-outcomes.js';
import { askRefusal, awaitsChoice, chooseRefusal, drawTimeOf, withdrawRefusal, type WindowFacts } from '../core/request-window.rules.js';
import { ReservationsService } from '../reservations/reservations.service.js';
import { TrustRecordService } from '../ratings/trust-record.service.js';
import { drawOrder, drawWeight } from './draw.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Why a chosen asker cannot take the item: their request is skipped, the choice goes on (a suspended asker's requests were withdrawn; one racing it is skipped). */
const CANNOT_TAKE: readonly string[] = [ErrorCodes.POINTS_INSUFFICIENT, ErrorCodes.RESERVATIONS_LIMIT, ErrorCodes.RESERVE_AGAIN_COOLDOWN, ErrorCodes.MEMBER_SUSPENDED];

/**
 * The request window (docs/product.md#request-window, decision 0042): members ask, holding
 * nothing; the donor chooses, or Hdiya draws a day after the close. The chosen asker gets the
 * ordinary reservation through the saga, whose claim (under the donation's lock) lets only one
 * choice through, whichever replica or job makes it.
 */
@Injectable()
export class RequestWindowService {
  private readonly logger = new Logger('requests');

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly reservations: ReservationsService,
    private readonly records: TrustRecordService,
  ) {}

  async ask(actor: Actor, donationId: number, message: string): Promise<DonationRequestsView> {
    await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      await refuseToAsk(manager, actor.id, now);
      const donation = await lockDonation(manager, donationId);
      const newSince = new Date(now.getTime() - RequestWindowRules.newMemberDays * DAY_MS);
      const open = await firstRow(
        manager,
        db
          .selectFrom('donation_requests as q')
          .leftJoin('members as m', 'm.user_id', 'q.member_id')
          .select([
            sql<number>`count(*)::int`.as('all'),
            sql<boolean>`bool_or(q.member_id = ${actor.id})`.as('mine'),
            sql<number>`count(*) FILTER (WHERE m.joined_at > ${newSince})::int`.as('new_members'),
          ])
          .where('q.donation_id', '=', donationId)
          .where('q.state', '=', 'open'),
      );
      const asker = await firstRow(manager, db.selectFrom('members').select('joined_at').where('user_id', '=', actor.id));
      const newMember = asker?.joined_at != null && asker.joined_at > newSince;
      // One member's asks queue behind each other (whichever donations they name), so the count
      // across windows holds under concurrent asks.
      await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtext('requests:' || ${actor.id}))`.as('locked')));
      const members = await firstRow(
        manager,
        db.selectFrom('donation_requests').select(sql<number>`count(*)::int`.as('n')).where('member_id', '=', actor.id).where('state', '=', 'open'),
      );
      const counts = { mine: open?.mine ?? false, all: open?.all ?? 0, members: members?.n ?? 0, newMembers: open?.new_members ?? 0 };
      const refused = askRefusal(windowFacts(donation), actor.id, now, counts, newMember);
      if (refused) throw refusal(refused);
      const requestId = randomUUID();
      await write(manager, db.insertInto('donation_requests').values({ id: requestId, donation_id: donationId, member_id: actor.id, message, state: 'open', created_at: now }));
      // The owner is told of each request, with how many are open now (their notice counts them, issue 46).
      const made: RequestMadeV1 = {
        requestId,
        donationId,
        title: donation.title,
        ownerId: donation.owner_id,
        memberId: actor.id,
        openRequests: counts.all + 1,
        closesAt: donation.requests_close_at!.toISOString(),
      };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.RequestMade, made)]);
    });
    return this.view(actor, donationId);
  }

  async withdraw(actor: Actor, donationId: number): Promise<DonationRequestsView> {
    await this.dataSource.transaction(async (manager) => {
      const donation = await lockDonation(manager, donationId);
      const mine = await firstRow(
        manager,
        db.selectFrom('donation_requests').select('id').where('donation_id', '=', donationId).where('member_id', '=', actor.id).where('state', '=', 'open'),
      );
      const refused = withdrawRefusal(windowFacts(donation), mine !== undefined);
      if (refused) throw refusal(refused);
      await write(manager, db.updateTable('donation_requests').set({ state: 'withdrawn', closed_at: this.clock.now() }).where('id', '=', mine!.id));
    });
    return this.view(actor, donationId);
  }

  /** The owner sees every request with the asker's record; anyone else only their own. */
  async view(actor: Actor, donationId: number): Promise<DonationRequestsView> {
    const manager = this.dataSource.manager;
    const donation = await lockDonation(manager, donationId, false);
    const isOwner = donation.owner_id === actor.id;
    let query = db
      .selectFrom('donation_requests as q')
      .leftJoin('members as m', 'm.user_id', 'q.member_id')
      .select(['q.id', 'q.member_id', 'q.message', 'q.state', 'q.created_at', 'm.username', 'm.first_name', 'm.last_name', 'm.profile_image_url'])
      .where('q.donation_id', '=', donationId);
    if (!isOwner) query = query.where('q.member_id', '=', actor.id);
    const found = await rows(manager, query.orderBy(sql`q.state = 'open'`, 'desc').orderBy('q.created_at').orderBy('q.id'));
    const open = isOwner
      ? found.filter((r) => r.state === 'open').length
      : ((await firstRow(manager, db.selectFrom('donation_requests').select(sql<number>`count(*)::int`.as('n')).where('donation_id', '=', donationId).where('state', '=', 'open')))?.n ?? 0);
    const requests: DonationRequestView[] = [];
    for (const row of isOwner ? found : []) {
      requests.push({ ...requestView(donationId, row), record: await this.records.record(row.member_id) });
    }
    const latest = isOwner ? undefined : found.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0];
    return { donationId, allocation: allocationOf(donation), open, requests, mine: latest ? { ...requestView(donationId, latest), record: null } : null };
  }

  /**
   * The owner chooses one asker, during the window or after it: the asker gets the reservation.
   * An asker without 2 points (or with too many reservations) is skipped and told, and the owner
   * asked to choose another.
   */
  async choose(actor: Actor, donationId: number, requestId: string): Promise<DonationRequestsView> {
    const taken = await this.allocate(donationId, requestId, 'owner', actor.id);
    if (!taken) throw rpcError(409, ErrorCodes.CHOSEN_CANNOT_RESERVE, RequestMessages.chosenCannotReserve);
    return this.view(actor, donationId);
  }

  /**
   * Windows that need Hdiya: closed with nobody asking (first come from then), or a day past the
   * close without the owner's choice (the draw). Each is settled under its own lock, so replicas
   * running this job, and an owner choosing at the same moment, never allocate one twice.
   */
  async settleDue(now: Date = this.clock.now()): Promise<number> {
    const due = await rows(
      this.dataSource.manager,
      db
        .selectFrom('donations as d')
        .select('d.id')
        .where('d.allocation_mode', '=', 'choose')
        .where('d.allocated_at', 'is', null)
        .where('d.requests_close_at', '<=', now)
        .where('d.status', '=', 'available')
        .where('d.reservation_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb('d.requests_close_at', '<=', new Date(now.getTime() - RequestWindowRules.drawAfterHours * 3_600_000)),
            eb.not(eb.exists(eb.selectFrom('donation_requests as q').select('q.id').whereRef('q.donation_id', '=', 'd.id').where('q.state', '=', 'open'))),
          ]),
        )
        .orderBy('d.requests_close_at')
        .limit(50),
    );
    let settled = 0;
    for (const { id } of due) {
      try {
        if (await this.settle(id, now)) settled += 1;
      } catch (error) {
        this.logger.warn(`request window of donation ${id} left for the next run: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  /**
   * Windows that closed with requests open and no choice yet: their owner is reminded, once
   * (`close_reminded_at`), to choose before the draw. Claimed with SKIP LOCKED, so replicas never
   * remind twice; a window already past its draw time is left to the draw.
   */
  async remindClosedDue(now: Date = this.clock.now()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due = await rows(
        manager,
        db
          .selectFrom('donations as d')
          .select((eb) => [
            'd.id',
            'd.title',
            'd.owner_id',
            'd.requests_close_at',
            eb
              .selectFrom('donation_requests as q')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('q.donation_id', '=', 'd.id')
              .where('q.state', '=', 'open')
              .as('open_requests'),
          ])
          .where('d.allocation_mode', '=', 'choose')
          .where('d.allocated_at', 'is', null)
          .where('d.close_reminded_at', 'is', null)
          .where('d.requests_close_at', '<=', now)
          .where('d.requests_close_at', '>', new Date(now.getTime() - RequestWindowRules.drawAfterHours * 3_600_000))
          .where('d.status', '=', 'available')
          .where('d.reservation_id', 'is', null)
          .where((eb) => eb.exists(eb.selectFrom('donation_requests as q').select('q.id').whereRef('q.donation_id', '=', 'd.id').where('q.state', '=', 'open')))
          .orderBy('d.requests_close_at')
          .limit(200)
          .forUpdate('d')
          .skipLocked(),
      );
      for (const d of due) {
        await write(manager, db.updateTable('donations').set({ close_reminded_at: now }).where('id', '=', d.id));
        const payload: RequestWindowClosedV1 = {
          donationId: d.id,
          title: d.title,
          ownerId: d.owner_id,
          openRequests: d.open_requests ?? 0,
          drawAt: drawTimeOf(d.requests_close_at!).toISOString(),
        };
        await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.RequestWindowClosed, payload)]);
      }
      return due.length;
    });
  }

  /** One window: nobody (left) to draw opens it to first come; otherwise the drawn order is tried in turn. */
  private async settle(donationId: number, now: Date): Promise<boolean> {
    for (;;) {
      const next = await this.dataSource.transaction(async (manager) => {
        const donation = await lockDonation(manager, donationId);
        if (!awaitsChoice(windowFacts(donation))) return null;
        const drawTime = drawTimeOf(donation.requests_close_at!);
        const candidate = drawTime <= now ? await this.nextDrawn(manager, donationId, now) : undefined;
        if (candidate) return candidate;
        const anyOpen = await firstRow(manager, db.selectFrom('donation_requests').select('id').where('donation_id', '=', donationId).where('state', '=', 'open'));
        if (anyOpen && drawTime > now) return null;
        // Nobody asked (or every drawn member was skipped): first come from now on.
        await write(manager, db.updateTable('donations').set({ allocated_at: now, updated_at: sql<Date>`now()` }).where('id', '=', donationId));
        return null;
      });
      if (!next) return true;
      if (await this.allocate(donationId, next, 'draw', null)) return true;
    }
  }

  /**
   * The first open request in draw order. The order is fixed the first time (a seed, and each
   * request's weight from what its member received in 28 days, stored), so a draw that a crash
   * interrupted goes on in the same order, and can be replayed from the rows.
   */
  private async nextDrawn(manager: EntityManager, donationId: number, now: Date): Promise<string | undefined> {
    const seeded = await firstRow(manager, db.selectFrom('donations').select('draw_seed').where('id', '=', donationId));
    if (!seeded?.draw_seed) {
      const since = new Date(now.getTime() - RequestWindowRules.weightWindowDays * DAY_MS);
      const askers = await rows(
        manager,
        db
          .selectFrom('donation_requests as q')
          .leftJoin('members as m', 'm.user_id', 'q.member_id')
          .select((eb) => [
            'q.id',
            'm.joined_at',
            eb
              .selectFrom('reservations as r')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('r.reserver_id', '=', 'q.member_id')
              .where('r.state', '=', 'completed')
              .where('r.closed_at', '>', since)
              .as('received'),
          ])
          .where('q.donation_id', '=', donationId)
          .where('q.state', '=', 'open'),
      );
      const seed = randomBytes(16).toString('hex');
      const newSince = new Date(now.getTime() - RequestWindowRules.newMemberDays * DAY_MS);
      const weighted = askers.map((a) => ({ id: a.id, received: a.received ?? 0, weight: drawWeight(a.received ?? 0, a.joined_at !== null && a.joined_at > newSince) }));
      const order = drawOrder(seed, weighted);
      for (const [rank, request] of order.entries()) {
        await write(
          manager,
          db.updateTable('donation_requests').set({ received_28d: request.received, draw_weight: request.weight, draw_rank: rank + 1 }).where('id', '=', request.id),
        );
      }
      await write(manager, db.updateTable('donations').set({ draw_seed: seed }).where('id', '=', donationId));
    }
    const next = await firstRow(
      manager,
      db
        .selectFrom('donation_requests')
        .select('id')
        .where('donation_id', '=', donationId)
        .where('state', '=', 'open')
        .where('draw_rank', 'is not', null)
        .orderBy('draw_rank')
        .limit(1),
    );
    return next?.id;
  }

  /**
   * The chosen (or drawn) asker reserves through the saga. At activation the window is decided and
   * every asker told; if the asker cannot take it, their request is skipped (false).
   */
  private async allocate(donationId: number, requestId: string, by: 'owner' | 'draw', actorId: string | null): Promise<boolean> {
    const request = await firstRow(this.dataSource.manager, db.selectFrom('donation_requests').select(['member_id', 'donation_id']).where('id', '=', requestId));
    try {
      // A request that does not exist names nobody: the claim's check refuses it (404) before any write.
      await this.reservations.reserveFor(request?.member_id ?? NOBODY, donationId, {
        refuse: async (manager, donation) => {
          const current = await firstRow(manager, db.selectFrom('donation_requests').select(['donation_id', 'state']).where('id', '=', requestId).forUpdate());
          const facts = current ? { donationId: current.donation_id, state: current.state } : undefined;
          return chooseRefusal(windowFacts(donation), actorId ?? donation.owner_id, facts, donationId);
        },
        onActivated: async (manager, donation) => {
          const now = this.clock.now();
          await write(manager, db.updateTable('donations').set({ allocated_at: now }).where('id', '=', donationId));
          await closeRequests(manager, donation, by, requestId, now);
        },
      });
      return true;
    } catch (error) {
      const code = refusalCodeOf(error);
      if (!code || !CANNOT_TAKE.includes(code)) throw error;
      await this.dataSource.transaction(async (manager) => {
        const donation = await lockDonation(manager, donationId);
        await skipRequest(manager, donation, by, requestId, this.clock.now());
      });
      return false;
    }
  }
}

/** The code of a refusal: one thrown here (rpcError), or one the points service sent back. */
function refusalCodeOf(error: unknown): string | undefined {
  if (error instanceof RpcRefusal) return error.body.code;
  const body = error instanceof RpcException ? error.getError() : undefined;
  return isRpcErrorBody(body) ? body.code : undefined;
}

function windowFacts(d: LockedDonation): WindowFacts {
  return {
    status: d.status,
    ownerId: d.owner_id,
    mode: d.allocation_mode === 'choose' ? 'choose' : 'first',
    closesAt: d.requests_close_at,
    decided: d.allocated_at !== null,
    reservationId: d.reservation_id,
  };
}

type RequestRow = {
  id: string;
  member_id: string;
  message: string;
  state: string;
  created_at: Date;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
};

function requestView(donationId: number, row: RequestRow): Omit<DonationRequestView, 'record'> {
  return {
    id: row.id,
    donationId,
    member: {
      id: row.member_id,
      displayName: row.username ? displayName({ username: row.username, firstName: row.first_name, lastName: row.last_name }) : 'Utilisateur',
      profileImageUrl: row.profile_image_url,
    },
    message: row.message,
    // CHECK-constrained to the request states.
    state: row.state as RequestState,
    createdAt: row.created_at.toISOString(),
  };
}
