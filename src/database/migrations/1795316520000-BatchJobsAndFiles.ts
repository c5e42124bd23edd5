import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batch jobs (imports/exports worked by the pg-boss queue, which keeps its own `pgboss`
 * schema outside TypeORM) and the PostgreSQL file store: one `stored_file` row per file,
 * its bytes in ordered `stored_file_chunk` rows so files stream in and out piece by piece.
 */
export class BatchJobsAndFiles1795316520000 implements MigrationInterface {
  name = 'BatchJobsAndFiles1795316520000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "batch_job" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "type" character varying NOT NULL, "created_by" character varying, "context" jsonb, "result" jsonb, "dry_run" boolean NOT NULL DEFAULT false, "pre_processed_at" TIMESTAMP WITH TIME ZONE, "processing_at" TIMESTAMP WITH TIME ZONE, "confirmed_at" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, "canceled_at" TIMESTAMP WITH TIME ZONE, "failed_at" TIMESTAMP WITH TIME ZONE, "checkpoint" jsonb, CONSTRAINT "PK_e57f84d485145d5be96bc6d871e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_batch_job_created_by_created_at" ON "batch_job" ("created_by", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "stored_file" ("key" character varying NOT NULL, "size" bigint NOT NULL DEFAULT '0', "chunk_count" integer NOT NULL DEFAULT '0', "content_type" character varying, "original_name" character varying, "is_public" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_eba350dfc8ac9ed18cc4d626c19" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "stored_file_chunk" ("file_key" character varying NOT NULL, "seq" integer NOT NULL, "byte_offset" bigint NOT NULL, "data" bytea NOT NULL, CONSTRAINT "PK_2425f67da0f12b11801d572220c" PRIMARY KEY ("file_key", "seq"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "batch_job" ADD CONSTRAINT "FK_batch_job_created_by" FOREIGN KEY ("created_by") REFERENCES "user"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stored_file_chunk" ADD CONSTRAINT "FK_stored_file_chunk_file_key" FOREIGN KEY ("file_key") REFERENCES "stored_file"("key") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stored_file_chunk" DROP CONSTRAINT "FK_stored_file_chunk_file_key"`);
    await queryRunner.query(`ALTER TABLE "batch_job" DROP CONSTRAINT "FK_batch_job_created_by"`);
    await queryRunner.query(`DROP TABLE "stored_file_chunk"`);
    await queryRunner.query(`DROP TABLE "stored_file"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_batch_job_created_by_created_at"`);
    await queryRunner.query(`DROP TABLE "batch_job"`);
  }
}
