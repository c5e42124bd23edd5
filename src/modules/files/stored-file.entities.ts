import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { integerTransformer } from '../../common/database/base.entity';

/**
 * A file kept in PostgreSQL (the default storage driver), so every app instance behind a
 * load balancer sees the same files. The bytes live in `stored_file_chunk` rows.
 */
@Entity('stored_file')
export class StoredFile {
  @PrimaryColumn({ type: 'varchar' })
  key: string;

  @Column({ type: 'bigint', default: 0, transformer: integerTransformer })
  size: number;

  @Column({ type: 'int', default: 0 })
  chunk_count: number;

  @Column({ type: 'varchar', nullable: true })
  content_type: string | null;

  @Column({ type: 'varchar', nullable: true })
  original_name: string | null;

  /** Public files are served to anyone with the key; private ones only through a signed link. */
  @Column({ type: 'boolean', default: false })
  is_public: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}

/** One piece of a stored file, in order (`seq`), starting at byte `byte_offset`. */
@Entity('stored_file_chunk')
export class StoredFileChunk {
  @PrimaryColumn({ type: 'varchar' })
  file_key: string;

  @PrimaryColumn({ type: 'int' })
  seq: number;

  @Column({ type: 'bigint', transformer: integerTransformer })
  byte_offset: number;

  @Column({ type: 'bytea' })
  data: Buffer;

  @ManyToOne(() => StoredFile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'file_key', foreignKeyConstraintName: 'FK_stored_file_chunk_file_key' })
  file?: StoredFile;
}
