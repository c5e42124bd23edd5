import { Client, types } from 'pg';

/**
 * What the source Medusa v1 database has: its tables and columns (Medusa 1.8 to 1.20 differ,
 * e.g. 1.20 keeps variant prices in `product_variant_money_amount`) and its last migration.
 */
export class SourceSchema {
  constructor(
    private readonly columns: Map<string, Set<string>>,
    readonly lastMigration: string | null,
    readonly migrationCount: number,
  ) {}

  hasTable(table: string): boolean {
    return this.columns.has(table);
  }

  hasColumn(table: string, column: string): boolean {
    return this.columns.get(table)?.has(column) ?? false;
  }

  tables(): string[] {
    return [...this.columns.keys()];
  }

  static async read(client: Client): Promise<SourceSchema> {
    const rows = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const columns = new Map<string, Set<string>>();
    for (const r of rows.rows) {
      if (!columns.has(r.table_name)) columns.set(r.table_name, new Set());
      columns.get(r.table_name)!.add(r.column_name);
    }
    if (!columns.has('migrations') || !columns.has('store') || !columns.has('product_variant')) {
      throw new Error('the source is not a Medusa v1 database (no migrations, store or product_variant table)');
    }
    const migrations = await client.query<{ name: string; count: string }>(
      `SELECT (SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1) AS name, (SELECT count(*) FROM migrations) AS count`,
    );
    return new SourceSchema(columns, migrations.rows[0]?.name ?? null, Number(migrations.rows[0]?.count ?? 0));
  }
}

const TEXT_TYPES = [types.builtins.TIMESTAMPTZ, types.builtins.TIMESTAMP, types.builtins.DATE];

/**
 * A read-only connection to the source. Timestamps stay text so microseconds survive the
 * round trip (a JavaScript Date would cut them to milliseconds, and every re-run would then
 * "change" every row); JSON columns are parsed so they are written back as JSON values.
 */
export async function connectSource(url: string): Promise<Client> {
  const client = new Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        TEXT_TYPES.includes(oid) ? (value: string) => value : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  });
  await client.connect();
  // Nothing here writes to the shop's database; a read-only repeatable-read snapshot gives
  // every kind the same moment of the source.
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  return client;
}
