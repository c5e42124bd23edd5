import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each instance keeps the admin API-token lookups (token -> user) in memory, so an
 * integration's requests do not pay a query each. Any change to "user" (a token
 * regenerated or revoked, a user deleted, by any instance or by plain SQL) is announced
 * on the catalogue change channel and drops them (src/modules/users/api-token-cache.ts).
 */
export class UserChangeNotifications1795316580000 implements MigrationInterface {
  name = 'UserChangeNotifications1795316580000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "catalogue_changed" ON "user"`);
  }
}
