import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AskMessages,
  AskRules,
  cityOrDefault,
  DonationMessages,
  ErrorCodes,
  Events,
  type Actor,
  type AskListQuery,
  type AskOfferedV1,
  type AskPage,
  type AskView,
  type PostAskInput,
} from '@hdiya/contracts';
import { appendToOutbox, createEvent, firstRow, rows, rpcError, sql, write, type Geography } from '@hdiya/platform';
import { SCHEMA } from '../config.js';
import { db } from '../database/db.js';
import { CategoryCheck } from '../core/category-check.js';
import { refuseSuspended } from '../core/member-standing.js';
import { publicPoint } from '../core/donation-row.js';
import { decodeUuidCursor, encodeCursor } from '../core/page-cursor.js';
import { keyWords } from '../core/search-text.js';
import { watchColumns, watchPlaceOf } from '../core/watch-place.js';
import { askViewOf, selectAsks } from './ask-row.js';

const LIFETIME = sql<Date>`now() + make_interval(days => ${AskRules.lifetimeDays})`;

/**
 * Asks, "Je cherche" (docs/product.md#asks): a member says what they need, publicly (listed near
 * its place, with their name) or discreetly (never listed). An ask keeps its words and disc like a
 * saved search, so new donations are matched against it (`ask-matches.ts`); it lives 30 days from
 * its publication or last renewal. A donor may answer a public ask with one of their donations.
 */
@Injectable()
export class AsksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly categories: CategoryCheck,
  ) {}

  async create(actor: Actor, input: PostAskInput): Promise<AskView> {
    if (input.categoryId !== null && input.categoryId !== undefined) await this.categories.assertExists(input.categoryId);
    const place = watchPlaceOf(input);
    const title = input.title.replace(/\s+/g, ' ');
    const words = keyWords(title);
    if (!words) throw rpcError(400, ErrorCodes.VALIDATION_FAILED, AskMessages.titleWords, 'title');
    return this.dataSource.transaction(async (manager) => {
      await refuseSuspended(manager, actor.id, new Date());
      // One member's asks in a row: the limit holds even when two arrive at once.
      await write(manager, db.selectNoFrom(sql`pg_advisory_xact_lock(hashtext('asks:' || ${actor.id}))`.as('locked')));
      const { open } = (await firstRow(
        manager,
        db
          .selectFrom('asks')
          .select(sql<number>`count(*)::int`.as('open'))
          .where('member_id', '=', actor.id)
          .where('closed_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`),
      ))!;
      if (open >= AskRules.maxOpenPerMember) throw rpcError(409, ErrorCodes.ASK_LIMIT, AskMessages.limit);
      const id = randomUUID();
      await write(
        manager,
        db.insertInto('asks').values({
          id,
          member_id: actor.id,
          title,
          category_id: input.categoryId ?? null,
          city: place.city,
          ...watchColumns(words, place),
          public_location: publicPoint(place.lat, place.lng),
          visibility: input.visibility,
          expires_at: LIFETIME,
        }),
      );
      return this.find(manager, id, actor);
    });
  }

  /** Open public asks within the distance of a place (50 km unless said), newest first. */
  async list(actor: Actor | null, query: AskListQuery): Promise<AskPage> {
    const center = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : cityOrDefault(null);
    const point = sql<Geography>`ST_SetSRID(ST_MakePoint(${center.lng}, ${center.lat}), 4326)::geography`;
    const cursor = decodeUuidCursor(query.cursor);
    const found = await rows(
      this.dataSource.manager,
      selectAsks()
        .where('a.visibility', '=', 'public')
        .where('a.closed_at', 'is', null)
        .where('a.expires_at', '>', sql<Date>`now()`)
        .where(sql<boolean>`ST_DWithin(a.public_location, ${point}, ${(query.distance ?? AskRules.maxDistanceKm) * 1000})`)
        .$if(query.categoryId !== undefined, (q) => q.where('a.category_id', '=', query.categoryId!))
        .$if(cursor !== null, (q) => q.where(sql<boolean>`(a.created_at, a.id) < (${cursor!.k}::timestamptz, ${cursor!.id}::uuid)`))
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(AskRules.pageSize + 1),
    );
    const page = found.slice(0, AskRules.pageSize);
    const last = page.at(-1);
    return {
      asks: page.map((row) => askViewOf(row, actor?.id ?? null)),
      nextCursor: found.length > AskRules.pageSize && last ? encodeCursor({ k: last.created_at.toISOString(), id: last.id }) : null,
    };
  }

  async mine(actor: Actor): Promise<AskView[]> {
    const found = await rows(this.dataSource.manager, selectAsks().where('a.member_id', '=', actor.id).orderBy('a.created_at', 'desc').limit(50));
    return found.map((row) => askViewOf(row, actor.id));
  }

  /** A public ask for anyone (in any state, so a shared link says it ended); a discreet one for its asker only. */
  get(actor: Actor | null, id: string): Promise<AskView> {
    return this.find(this.dataSource.manager, id, actor);
  }

  /** 30 more days from now; an ask its asker ended stays ended. */
  async renew(actor: Actor, id: string): Promise<AskView> {
    const renewed = await write(
      this.dataSource.manager,
      db.updateTable('asks').set({ expires_at: LIFETIME }).where('id', '=', id).where('member_id', '=', actor.id).where('closed_at', 'is', null),
    );
    const ask = await this.findOwn(id, actor);
    if (renewed === 0 && ask.state === 'closed') throw rpcError(409, ErrorCodes.ASK_NOT_OPEN, AskMessages.closed);
    return ask;
  }

  async close(actor: Actor, id: string): Promise<AskView> {
    await write(
      this.dataSource.manager,
      db.updateTable('asks').set({ closed_at: sql<Date>`now()` }).where('id', '=', id).where('member_id', '=', actor.id).where('closed_at', 'is', null),
    );
    return this.findOwn(id, actor);
  }

  /**
   * A donor offers one of their available donations to an open public ask: kept as the ask's
   * offer (once per donation and asker) and told to the asker, in one transaction.
   */
  async answer(actor: Actor, askId: string, donationId: number): Promise<AskView> {
    return this.dataSource.transaction(async (manager) => {
      const ask = await this.find(manager, askId, actor);
      // A discreet ask of someone else was a 404 already (`find`): what is left is public or one's own.
      if (ask.mine) throw rpcError(403, ErrorCodes.ASK_OWN, AskMessages.own);
      if (ask.state !== 'open') throw rpcError(409, ErrorCodes.ASK_NOT_OPEN, AskMessages.notOpen);
      const donation = await firstRow(
        manager,
        db.selectFrom('donations').select(['id', 'title', 'owner_id', 'status']).where('id', '=', donationId).forUpdate(),
      );
      if (!donation) throw rpcError(404, ErrorCodes.DONATION_NOT_FOUND, DonationMessages.notFound, 'donationId');
      if (donation.owner_id !== actor.id || donation.status !== 'available') {
        throw rpcError(403, ErrorCodes.DONATION_NOT_OWNER, AskMessages.donationNotYours, 'donationId');
      }
      const askerId = ask.member!.id;
      // A match of this donation and asker becomes the offer; one already offered is refused.
      const offered = await firstRow(
        manager,
        db
          .insertInto('ask_matches')
          .values({ id: randomUUID(), ask_id: askId, donation_id: donationId, member_id: askerId, how: 'answered', offered_at: sql<Date>`now()` })
          .onConflict((conflict) =>
            conflict
              .columns(['donation_id', 'member_id'])
              .doUpdateSet({ ask_id: askId, offered_at: sql<Date>`now()` })
              .where('ask_matches.offered_at', 'is', null),
          )
          .returning('id'),
      );
      if (!offered) throw rpcError(409, ErrorCodes.ASK_ALREADY_ANSWERED, AskMessages.alreadyAnswered);
      const event: AskOfferedV1 = { donationId, title: donation.title, askId, askTitle: ask.title, memberId: askerId, how: 'answered' };
      await appendToOutbox(manager, SCHEMA, [createEvent(Events.donations.AskOffered, event)]);
      return this.find(manager, askId, actor);
    });
  }

  private async find(manager: EntityManager, id: string, actor: Actor | null): Promise<AskView> {
    const row = await firstRow(manager, selectAsks().where('a.id', '=', id));
    // A discreet ask does not exist for anyone but its asker.
    if (!row || (row.visibility !== 'public' && row.member_id !== actor?.id)) throw rpcError(404, ErrorCodes.ASK_NOT_FOUND, AskMessages.notFound);
    return askViewOf(row, actor?.id ?? null);
  }

  private async findOwn(id: string, actor: Actor): Promise<AskView> {
    const ask = await this.find(this.dataSource.manager, id, actor);
    if (!ask.mine) throw rpcError(404, ErrorCodes.ASK_NOT_FOUND, AskMessages.notFound);
    return ask;
  }
}
