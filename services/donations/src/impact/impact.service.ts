import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CATEGORY_TYPICAL_KG, type ImpactView } from '@hdiya/contracts';
import { SCHEMA } from '../config.js';

/** The figures change slowly and every home page asks: counted at most once a minute per replica. */
const FRESH_FOR_MS = 60_000;
const OTHER_KG = 2;

@Injectable()
export class ImpactService {
  private cached: { at: number; value: ImpactView } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  async impact(now = Date.now()): Promise<ImpactView> {
    if (this.cached && now >= this.cached.at && now - this.cached.at < FRESH_FOR_MS) return this.cached.value;
    const [totals] = (await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE "status" = 'completed')::int AS given,
              count(*) FILTER (WHERE "status" = 'available')::int AS available,
              count(DISTINCT "city") FILTER (WHERE "status" IN ('available', 'reserved', 'completed'))::int AS cities,
              (SELECT count(*)::int FROM "${SCHEMA}"."members") AS members
       FROM "${SCHEMA}"."donations"`,
    )) as { given: number; available: number; cities: number; members: number }[];
    const byCategory = (await this.dataSource.query(
      `SELECT "category_id", count(*)::int AS n FROM "${SCHEMA}"."donations" WHERE "status" = 'completed' GROUP BY "category_id"`,
    )) as { category_id: number; n: number }[];
    const wasteAvoidedKg = byCategory.reduce((kg, row) => kg + row.n * (CATEGORY_TYPICAL_KG[row.category_id] ?? OTHER_KG), 0);
    const value: ImpactView = {
      objectsGiven: totals!.given,
      objectsAvailable: totals!.available,
      members: totals!.members,
      cities: totals!.cities,
      wasteAvoidedKg,
    };
    this.cached = { at: now, value };
    return value;
  }
}
