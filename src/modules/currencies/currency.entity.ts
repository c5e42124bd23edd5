import { Column, Entity, PrimaryColumn } from 'typeorm';

/** ISO 4217 currency; the lower-case code is the key (seeded by migration). */
@Entity('currency')
export class Currency {
  @PrimaryColumn({ type: 'varchar' })
  code: string;

  @Column({ type: 'varchar' })
  symbol: string;

  @Column({ type: 'varchar' })
  symbol_native: string;

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'boolean', default: false })
  includes_tax: boolean;

  /** Medusa lists currencies in its seed order (usd, cad, eur, ...) when no order is asked for. */
  @Column({ type: 'int', default: 0, select: false })
  rank: number;
}
