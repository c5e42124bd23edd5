import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Region } from './region.entity';

/**
 * ISO 3166-1 country, seeded by migration; a country belongs to at most one region. A
 * region lists its countries in the order they were given (Medusa's storefront preselects
 * the first): `region_position`, kept out of answers (Medusa's Country has no such key).
 */
@Entity('country', { orderBy: { region_position: 'ASC', id: 'ASC' } })
export class Country {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_country_iso_2', { unique: true })
  @Column({ type: 'varchar' })
  iso_2: string;

  @Column({ type: 'varchar' })
  iso_3: string;

  @Column({ type: 'int' })
  num_code: number;

  @Column({ type: 'varchar' })
  name: string;

  @Column({ type: 'varchar' })
  display_name: string;

  @Index('IDX_country_region_id')
  @Column({ type: 'varchar', nullable: true })
  region_id: string | null;

  /** The country's place in its region's list (0 first); null outside a region. */
  @Column({ type: 'int', nullable: true, select: false })
  region_position?: number | null;

  @ManyToOne('Region', (region: Region) => region.countries, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'region_id' })
  region?: Region | null;
}
