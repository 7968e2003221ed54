import type { DB as SharedTables } from './shared-tables.generated.js';
import { prepared, sql, sqlFor } from './typed-sql.js';

// A prepared statement is compiled once; each call must send exactly what compiling it afresh
// with the same arguments sends, whatever the arguments (nulls, arrays), a repeated one passed once.
const db = sqlFor<SharedTables>('shop');

const build = (consumer: string, eventId: string) =>
  db
    .selectFrom('inbox')
    .select(['event_id', sql<number>`1`.as('one')])
    .where((eb) => eb.or([eb('consumer', '=', consumer), eb('event_id', '=', consumer)]))
    .where('event_id', '=', eventId)
    .where('consumer', '<>', 'constant');

describe('prepared', () => {
  it('should send what a fresh compile sends, each argument once however often it is named', () => {
    const statement = prepared(build);
    for (const [consumer, eventId] of [
      ['a', '1'],
      ['b', '2'],
    ] as const) {
      const fresh = build(consumer, eventId).compile();
      const compiled = statement(consumer, eventId).compile();
      // The fresh compile names `consumer` twice ($1, $2); the prepared one passes it once.
      expect(compiled.sql).toBe(fresh.sql.replace('$2', '$1').replace('$3', '$2').replace('$4', '$3'));
      expect(compiled.parameters).toEqual([consumer, eventId, 'constant']);
    }
  });

  it('should put nulls and arrays in their places, and compile only once', () => {
    let builds = 0;
    const statement = prepared((ids: string[], subject: string | null) => {
      builds += 1;
      return db.updateTable('outbox').set({ last_error: subject }).where('id', '=', (eb) => eb.fn.any(sql<string[]>`${ids}::uuid[]`));
    });
    expect(statement(['x', 'y'], null).compile().parameters).toEqual([null, ['x', 'y']]);
    expect(statement(['z'], 'gone').compile()).toMatchObject({
      sql: 'update "shop"."outbox" set "last_error" = $1 where "id" = any($2::uuid[])',
      parameters: ['gone', ['z']],
    });
    expect(builds).toBe(1);
  });
});
