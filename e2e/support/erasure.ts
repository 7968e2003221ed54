import type pg from 'pg';

/**
 * Every column (schema.table.column) of the services' tables holding one of `needles` (a member's
 * id, e-mail, phone: case-insensitive, anywhere in the value, JSON included), but the outboxes and
 * inboxes, which keep the event history until the retention job (decision 0074). Empty: nothing
 * left names the member.
 */
export async function columnsNaming(db: pg.Client, needles: string[]): Promise<string[]> {
  const columns = (
    await db.query(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema IN ('users', 'donations', 'messaging', 'points')
         AND c.table_name NOT IN ('outbox', 'inbox', 'migrations')
         AND c.data_type IN ('uuid', 'text', 'character varying', 'jsonb', 'json')`,
    )
  ).rows as { table_schema: string; table_name: string; column_name: string }[];
  const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const { rowCount } = await db.query(`SELECT 1 FROM "${table_schema}"."${table_name}" WHERE lower("${column_name}"::text) LIKE ANY($1) LIMIT 1`, [patterns]);
    if (rowCount) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found;
}

/** A phone as the users service stores it (`06…` → `+2126…`). */
export const canonicalPhone = (phone: string) => (phone.startsWith('0') ? `+212${phone.slice(1)}` : phone);
