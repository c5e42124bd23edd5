import { EntityManager } from 'typeorm';
import { ShippingOption, ShippingOptionRequirement } from '../../src/modules/shipping/shipping-option.entity';

export interface ShippingOptionSpec extends Partial<Omit<ShippingOption, 'requirements'>> {
  region_id: string;
  requirements?: Array<{ type: 'min_subtotal' | 'max_subtotal'; amount: number }>;
}

/** A flat-rate option (default 1000) in the default profile, manual provider. */
export async function createShippingOption(manager: EntityManager, spec: ShippingOptionSpec): Promise<ShippingOption> {
  const { requirements = [], ...fields } = spec;
  const repo = manager.getRepository(ShippingOption);
  const option = await repo.save(
    repo.create({ name: 'Standard', profile_id: 'sp_default', provider_id: 'manual', price_type: 'flat_rate', amount: 1000, data: {}, ...fields }),
  );
  for (const r of requirements) {
    await manager
      .getRepository(ShippingOptionRequirement)
      .save(manager.getRepository(ShippingOptionRequirement).create({ ...r, shipping_option_id: option.id }));
  }
  return repo.findOneOrFail({ where: { id: option.id }, relations: { requirements: true } });
}
