import { EntityManager, In } from 'typeorm';
import { Country } from '../../src/modules/regions/country.entity';
import { FulfillmentProvider, PaymentProvider } from '../../src/modules/regions/provider.entities';
import { Region } from '../../src/modules/regions/region.entity';

export interface RegionOverrides extends Partial<Omit<Region, 'countries'>> {
  countries?: string[];
  payment_providers?: PaymentProvider[];
  payment_provider_ids?: string[];
}

/** A region with countries (iso_2 codes) and providers; defaults: EUR, 25 % tax, de/fr. */
export async function createRegion(manager: EntityManager, overrides: RegionOverrides = {}): Promise<Region> {
  const { countries = ['de', 'fr'], payment_provider_ids = ['manual', 'test'], ...fields } = overrides;
  const repo = manager.getRepository(Region);
  const region = await repo.save(
    repo.create({
      name: 'Europe',
      currency_code: 'eur',
      tax_rate: 25,
      payment_providers: await manager.getRepository(PaymentProvider).findBy({ id: In(payment_provider_ids) }),
      fulfillment_providers: await manager.getRepository(FulfillmentProvider).findBy({ id: 'manual' }),
      ...(fields as Partial<Region>),
    }),
  );
  if (countries.length) await manager.getRepository(Country).update({ iso_2: In(countries) }, { region_id: region.id });
  return manager.getRepository(Region).findOneOrFail({
    where: { id: region.id },
    relations: { countries: true, payment_providers: true, fulfillment_providers: true },
  });
}
