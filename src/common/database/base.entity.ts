import { BeforeInsert, CreateDateColumn, DeleteDateColumn, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { generateEntityId } from './ids';

/**
 * Prefixed-ULID primary key plus timestamps. Subclasses declare `static readonly idPrefix`.
 * An id given by the caller (seed files keep `prod_...` ids) is kept.
 */
export abstract class BaseEntity {
  @PrimaryColumn({ type: 'varchar' })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  @BeforeInsert()
  protected assignId(): void {
    if (!this.id) {
      const prefix = (this.constructor as unknown as { idPrefix?: string }).idPrefix;
      if (!prefix) throw new Error(`${this.constructor.name} declares no idPrefix`);
      this.id = generateEntityId(prefix);
    }
  }
}

export abstract class SoftDeletableEntity extends BaseEntity {
  @DeleteDateColumn({ type: 'timestamptz', nullable: true })
  deleted_at: Date | null;
}

/** Integer minor units; pg returns bigint/numeric as strings, so parse them back. */
export const integerTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
