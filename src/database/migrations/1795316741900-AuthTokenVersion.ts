import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `token_version` on customers and users: every JWT carries the version current when it
 * was signed, and a password change raises it, so older tokens stop working. The session
 * indexes let a password change find the account's other sessions to end them.
 * `kept_token_id` is the id (`jti`) of the one store JWT a password change keeps: the
 * shopper's own, when they change it from their account, so they stay logged in.
 */
export class AuthTokenVersion1795316741900 implements MigrationInterface {
  name = 'AuthTokenVersion1795316741900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer" ADD "token_version" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "customer" ADD "kept_token_id" character varying`);
    await queryRunner.query(`ALTER TABLE "user" ADD "token_version" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE INDEX "IDX_session_customer_id" ON "session" (("sess" ->> 'customer_id')) WHERE ("sess" ->> 'customer_id') IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user_id" ON "session" (("sess" ->> 'user_id')) WHERE ("sess" ->> 'user_id') IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_session_user_id"`);
    await queryRunner.query(`DROP INDEX "IDX_session_customer_id"`);
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "token_version"`);
    await queryRunner.query(`ALTER TABLE "customer" DROP COLUMN "kept_token_id"`);
    await queryRunner.query(`ALTER TABLE "customer" DROP COLUMN "token_version"`);
  }
}
