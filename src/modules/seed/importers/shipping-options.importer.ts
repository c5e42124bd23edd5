import { Injectable } from '@nestjs/common';
import { StoreSettingsService } from '../../store-settings/store-settings.service';
import { ShippingOption, ShippingOptionRequirement } from '../../shipping/shipping-option.entity';
import { isRealId, SeedContext, seedEntryError } from '../seed-context';
import { SeedShippingOption } from '../seed-file.schema';
import { regionOffersFulfillmentProvider } from '../seed.repository';

/**
 * `shipping_options`: `region_id` may be a placeholder from `regions`. An option matches an
 * existing one by real id or by (region, name) and is then left as it is. New options go
 * to the default shipping profile (the gift-card profile with `is_giftcard`, as Medusa's
 * seed does); the provider must be one of the region's fulfillment providers.
 */
@Injectable()
export class ShippingOptionsImporter {
  constructor(private readonly storeSettings: StoreSettingsService) {}

  async import(entries: SeedShippingOption[], ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(ShippingOption);
    for (const [i, entry] of entries.entries()) {
      const path = `shipping_options[${i}]`;
      const regionId = await ctx.resolve('region', entry.region_id, `${path}.region_id`);
      const realId = isRealId(entry.id, 'so') ? entry.id : undefined;
      const existing =
        (realId && (await repo.exists({ where: { id: realId }, withDeleted: true }))) ||
        (await repo.exists({ where: { region_id: regionId, name: entry.name } }));
      if (existing) {
        ctx.existing('shipping_options');
        continue;
      }

      if (!(await regionOffersFulfillmentProvider(ctx.manager, regionId, entry.provider_id)))
        seedEntryError(`${path}.provider_id`, `"${entry.provider_id}" is not a fulfillment provider of region ${regionId}`);
      const priceType = entry.price_type ?? 'flat_rate';
      if (priceType === 'flat_rate' && (entry.amount === undefined || entry.amount === null)) {
        seedEntryError(`${path}.amount`, 'is required for a flat_rate shipping option');
      }
      this.checkRequirements(entry, path);
      const profile = await this.storeSettings.shippingProfile(entry.is_giftcard ? 'gift_card' : 'default', ctx.manager);

      const option = await repo.save(
        repo.create({
          id: realId,
          name: entry.name,
          region_id: regionId,
          profile_id: profile.id,
          provider_id: entry.provider_id,
          price_type: priceType,
          amount: priceType === 'flat_rate' ? entry.amount! : null,
          is_return: entry.is_return ?? false,
          admin_only: entry.admin_only ?? false,
          data: entry.data ?? {},
          metadata: entry.metadata ?? null,
        }),
      );
      const requirements = ctx.manager.getRepository(ShippingOptionRequirement);
      for (const r of entry.requirements ?? []) {
        await requirements.save(requirements.create({ shipping_option_id: option.id, type: r.type, amount: r.amount }));
      }
      ctx.created('shipping_options');
    }
  }

  /** At most one requirement of each type, and a minimum not above the maximum (Medusa's checks). */
  private checkRequirements(entry: SeedShippingOption, path: string): void {
    const reqs = entry.requirements ?? [];
    reqs.forEach((r, j) => {
      if (reqs.findIndex((o) => o.type === r.type) !== j) seedEntryError(`${path}.requirements[${j}]`, `repeats the type "${r.type}"`);
    });
    const min = reqs.find((r) => r.type === 'min_subtotal');
    const max = reqs.find((r) => r.type === 'max_subtotal');
    if (min && max && min.amount > max.amount) seedEntryError(`${path}.requirements`, 'has a min_subtotal above its max_subtotal');
  }
}
