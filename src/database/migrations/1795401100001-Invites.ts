import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1's `invite` (issue 44), with its token kept only as a SHA-256 digest: the token
 * itself exists in the invitation mail alone (made again from the event's grant and the
 * server's secret when the mail goes out). One live invite per email, as Medusa's index.
 */
export class Invites1795401100001 implements MigrationInterface {
  name = 'Invites1795401100001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "invite" (
        "id" character varying PRIMARY KEY,
        "user_email" character varying NOT NULL,
        "role" character varying NOT NULL DEFAULT 'member',
        "accepted" boolean NOT NULL DEFAULT false,
        "token_digest" character varying NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "metadata" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "deleted_at" TIMESTAMP WITH TIME ZONE
      )`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_invite_user_email_unique" ON "invite" ("user_email") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_invite_token_digest" ON "invite" ("token_digest")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "invite"`);
  }
}
