import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A payment provider known to this deployment (`manual`, `test`, `system`). */
@Entity('payment_provider')
export class PaymentProvider {
  @PrimaryColumn({ type: 'varchar' })
  id: string;

  @Column({ type: 'boolean', default: true })
  is_installed: boolean;
}

/** A fulfillment provider known to this deployment (`manual`). */
@Entity('fulfillment_provider')
export class FulfillmentProvider {
  @PrimaryColumn({ type: 'varchar' })
  id: string;

  @Column({ type: 'boolean', default: true })
  is_installed: boolean;
}
