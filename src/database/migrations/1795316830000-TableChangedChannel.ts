import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statement-level notices were first announced for the catalogue only; they now serve
 * every change scope (catalogue, API tokens, carts), so the channel, the trigger function
 * and the triggers are named `table_changed` (src/modules/table-changes/change-scopes.ts).
 * An instance listening on the old name would miss every notice, which makes its caches
 * stale rather than bypassed: run this migration with the code that listens on the new name
 * (migrations run at boot, so every instance of a release does).
 */
export class TableChangedChannel1795316830000 implements MigrationInterface {
  name = 'TableChangedChannel1795316830000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.rename(queryRunner, 'catalogue_changed', 'table_changed');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.rename(queryRunner, 'table_changed', 'catalogue_changed');
  }

  private async rename(queryRunner: QueryRunner, from: string, to: string): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION "${from}_notify"() RENAME TO "${to}_notify"`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "${to}_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${to}', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$`);
    const triggers: { table: string }[] = await queryRunner.query(
      `SELECT c.relname AS table FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = $1 AND NOT g.tgisinternal`,
      [from],
    );
    for (const { table } of triggers) await queryRunner.query(`ALTER TRIGGER "${from}" ON "${table}" RENAME TO "${to}"`);
  }
}
