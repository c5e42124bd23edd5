import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1's `return_reason` (issue 42): reasons nest one level under a parent; `value` is
 * unique among live reasons only, so a deleted reason's value can be used again.
 */
export class ReturnReasons1795401200000 implements MigrationInterface {
  name = 'ReturnReasons1795401200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "return_reason" (
        "id" character varying PRIMARY KEY,
        "value" character varying NOT NULL,
        "label" character varying NOT NULL,
        "description" character varying,
        "parent_return_reason_id" character varying REFERENCES "return_reason" ("id"),
        "metadata" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "deleted_at" TIMESTAMP WITH TIME ZONE
      )`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_return_reason_value" ON "return_reason" ("value") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_return_reason_parent" ON "return_reason" ("parent_return_reason_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "return_reason"`);
  }
}
