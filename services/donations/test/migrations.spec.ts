import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { adminDatabaseUrl } from '@hdiya/testing';
import { DONATIONS_MIGRATIONS } from '../src/database/data-source.js';

// Upgrading a database that holds donations reserved before reservations had rows of their own
// (as the benchmark's did): every migration must pass, and each such donation must come out
// reserved by the same member, through an active reservation it names.

const DATABASE = `hdiya_migrations_${randomUUID().slice(0, 8)}`;
const adminUrl = adminDatabaseUrl();
const url = adminUrl.replace(/\/[^/]+$/, `/${DATABASE}`);

async function onAdmin<T>(work: (db: DataSource) => Promise<T>): Promise<T> {
  const db = new DataSource({ type: 'postgres', url: adminUrl });
  await db.initialize();
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function migrate(migrations: typeof DONATIONS_MIGRATIONS): Promise<DataSource> {
  const db = new DataSource({ type: 'postgres', url, migrations, migrationsTableName: 'migrations', schema: 'donations' });
  await db.initialize();
  await db.runMigrations({ transaction: 'each' });
  return db;
}

async function insertDonation(db: DataSource, reserverId: string | null): Promise<number> {
  const [row] = (await db.query(
    `INSERT INTO donations.donations (title, description, image_key, thumbnail_key, status, category_id, owner_id, city,
       latitude, longitude, location, search_text, reserved_by_id, reserved_at, auto_expire_at)
     VALUES ('Lampe', 'Une lampe', 'k', 't', $1, 1, $2, 'Rabat', 34.02, -6.84, ST_MakePoint(-6.84, 34.02)::geography, 'lampe', $3, $4, $5)
     RETURNING id`,
    reserverId
      ? ['reserved', randomUUID(), reserverId, new Date('2026-11-01T10:00:00Z'), new Date('2026-11-11T10:00:00Z')]
      : ['available', randomUUID(), null, null, null],
  )) as { id: number }[];
  return row!.id;
}

beforeAll(async () => {
  await onAdmin((db) => db.query(`CREATE DATABASE "${DATABASE}"`));
  const db = new DataSource({ type: 'postgres', url });
  await db.initialize();
  await db.query('CREATE EXTENSION IF NOT EXISTS postgis');
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await db.query('CREATE SCHEMA donations');
  await db.destroy();
});

afterAll(async () => {
  await onAdmin((db) => db.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`));
});

describe('donations migrations', () => {
  it('should upgrade donations reserved before reservations existed into active reservations', async () => {
    const before = await migrate(DONATIONS_MIGRATIONS.slice(0, 2));
    const reserverId = randomUUID();
    const reservedId = await insertDonation(before, reserverId);
    const availableId = await insertDonation(before, null);
    await before.destroy();

    const after = await migrate(DONATIONS_MIGRATIONS);
    try {
      const rows = await after.query(
        `SELECT d.id, d.status, d.reserved_by_id, d.auto_expire_at, r.state, r.reserver_id, r.expires_at
         FROM donations.donations d LEFT JOIN donations.reservations r ON r.id = d.reservation_id ORDER BY d.id`,
      );
      expect(rows).toEqual([
        {
          id: reservedId, status: 'reserved', reserved_by_id: reserverId, auto_expire_at: new Date('2026-11-11T10:00:00Z'),
          state: 'active', reserver_id: reserverId, expires_at: new Date('2026-11-11T10:00:00Z'),
        },
        { id: availableId, status: 'available', reserved_by_id: null, auto_expire_at: null, state: null, reserver_id: null, expires_at: null },
      ]);
      expect(await after.query(`SELECT to_regclass('donations.unlinked_reservations') AS side`)).toEqual([{ side: null }]);
      // Donations older than spots sit at a spot the nearby search walks (SearchSpots fills them in).
      expect(await after.query(`SELECT s.latitude, s.longitude, ST_AsText(s.location) AS point FROM donations.spots s
        JOIN donations.donations d ON d.spot = s.spot WHERE d.id = $1`, [availableId])).toEqual([{ latitude: 34.02, longitude: -6.84, point: 'POINT(-6.84 34.02)' }]);
    } finally {
      await after.destroy();
    }
  });
});
