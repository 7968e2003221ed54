import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CATEGORY_TYPICAL_KG, type ImpactView } from '@hdiya/contracts';
import { firstRow, rows, sql } from '@hdiya/platform';
import { db } from '../database/db.js';

/** The figures change slowly and every home page asks: counted at most once a minute per replica. */
const FRESH_FOR_MS = 60_000;
const OTHER_KG = 2;

@Injectable()
export class ImpactService {
  private cached: { at: number; value: ImpactView } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async impact(now = Date.now()): Promise<ImpactView> {
    if (this.cached && now >= this.cached.at && now - this.cached.at < FRESH_FOR_MS) return this.cached.value;
    const manager = this.dataSource.manager;
    const totals = await firstRow(
      manager,
      db
        .selectFrom('donations')
        .select((eb) => [
          sql<number>`count(*) FILTER (WHERE "status" = 'completed')::int`.as('given'),
          sql<number>`count(*) FILTER (WHERE "status" = 'available')::int`.as('available'),
          sql<number>`count(DISTINCT "city") FILTER (WHERE "status" IN ('available', 'reserved', 'completed'))::int`.as('cities'),
          eb.selectFrom('members').select(sql<number>`count(*)::int`.as('n')).as('members'),
        ]),
    );
    const byCategory = await rows(
      manager,
      db.selectFrom('donations').select(['category_id', sql<number>`count(*)::int`.as('n')]).where('status', '=', 'completed').groupBy('category_id'),
    );
    const wasteAvoidedKg = byCategory.reduce((kg, row) => kg + row.n * (CATEGORY_TYPICAL_KG[row.category_id] ?? OTHER_KG), 0);
    const value: ImpactView = {
      objectsGiven: totals!.given,
      objectsAvailable: totals!.available,
      members: totals!.members ?? 0,
      cities: totals!.cities,
      wasteAvoidedKg,
    };
    this.cached = { at: now, value };
    return value;
  }
}
