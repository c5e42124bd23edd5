import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { StoreSettingsService } from '../../store-settings/store-settings.service';
import { Country } from '../../regions/country.entity';
import { FulfillmentProvider, PaymentProvider } from '../../regions/provider.entities';
import { Region } from '../../regions/region.entity';
import { isRealId, SeedContext, seedEntryError } from '../seed-context';
import { SeedRegion } from '../seed-file.schema';

/**
 * `regions`: a region matches an existing one by its real id or by name, and is then left
 * as it is. A new region's currency must be one of the store's currencies (Medusa's rule),
 * its providers must be installed, and each country must be free: a country belongs to at
 * most one region.
 */
@Injectable()
export class RegionsImporter {
  constructor(private readonly storeSettings: StoreSettingsService) {}

  async import(entries: SeedRegion[], ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(Region);
    for (const [i, entry] of entries.entries()) {
      const path = `regions[${i}]`;
      const realId = isRealId(entry.id, 'reg') ? entry.id : undefined;
      const existing = (realId && (await repo.findOne({ where: { id: realId }, withDeleted: true }))) || (await repo.findOne({ where: { name: entry.name } }));
      if (existing) {
        ctx.remember('region', entry.id, existing.id);
        ctx.existing('regions');
        continue;
      }

      const currency = await ctx.currency(entry.currency_code, `${path}.currency_code`);
      const store = await this.storeSettings.retrieve(ctx.manager);
      if (!store.currencies?.some((c) => c.code === currency)) {
        seedEntryError(`${path}.currency_code`, `"${currency}" is not one of the store's currencies (add it to store.currencies)`);
      }
      const paymentProviders = await this.providers(ctx, PaymentProvider, entry.payment_providers ?? ['manual'], `${path}.payment_providers`, 'payment');
      const fulfillmentProviders = await this.providers(
        ctx,
        FulfillmentProvider,
        entry.fulfillment_providers ?? ['manual'],
        `${path}.fulfillment_providers`,
        'fulfillment',
      );
      const countries = await this.freeCountries(ctx, entry.countries ?? [], `${path}.countries`);

      const region = await repo.save(
        repo.create({
          id: realId,
          name: entry.name,
          currency_code: currency,
          tax_rate: entry.tax_rate ?? 0,
          tax_code: entry.tax_code ?? null,
          automatic_taxes: entry.automatic_taxes ?? true,
          gift_cards_taxable: entry.gift_cards_taxable ?? true,
          includes_tax: entry.includes_tax ?? false,
          metadata: entry.metadata ?? null,
          payment_providers: paymentProviders,
          fulfillment_providers: fulfillmentProviders,
        }),
      );
      // In the order the seed lists them (`region_position`: the storefront preselects the first).
      if (countries.length) {
        await ctx.manager.query(`UPDATE country SET region_id = $1::varchar, region_position = array_position($2::int[], id) - 1 WHERE id = ANY($2::int[])`, [
          region.id,
          countries.map((c) => c.id),
        ]);
      }
      ctx.remember('region', entry.id, region.id);
      ctx.created('regions');
    }
  }

  private async providers<T extends PaymentProvider | FulfillmentProvider>(
    ctx: SeedContext,
    entity: new () => T,
    ids: string[],
    path: string,
    kind: string,
  ): Promise<T[]> {
    const found = await ctx.manager.getRepository<PaymentProvider | FulfillmentProvider>(entity).find({ where: { id: In(ids) } });
    for (const [j, id] of ids.entries()) {
      if (!found.some((p) => p.id === id)) {
        const known = (await ctx.manager.getRepository<PaymentProvider | FulfillmentProvider>(entity).find()).map((p) => p.id).join(', ');
        seedEntryError(`${path}[${j}]`, `"${id}" is not an installed ${kind} provider (installed: ${known})`);
      }
    }
    return found as T[];
  }

  /** Locks the listed countries and checks none is unknown or taken by another region. */
  private async freeCountries(ctx: SeedContext, codes: string[], path: string): Promise<Country[]> {
    const lower = codes.map((c) => c.toLowerCase());
    if (!lower.length) return [];
    // Locked so a concurrent region write cannot claim the same country between check and update.
    const rows = await ctx.manager.getRepository(Country).find({ where: { iso_2: In(lower) }, lock: { mode: 'pessimistic_write' } });
    const ordered: Country[] = [];
    for (const [j, code] of lower.entries()) {
      const country = rows.find((c) => c.iso_2 === code);
      if (!country) seedEntryError(`${path}[${j}]`, `"${codes[j]}" is not an ISO 3166-1 alpha-2 country code`);
      ordered.push(country);
      if (country.region_id) {
        const owner = await ctx.manager.getRepository(Region).findOne({ where: { id: country.region_id }, withDeleted: true });
        seedEntryError(`${path}[${j}]`, `"${code}" (${country.display_name}) already belongs to region "${owner?.name ?? '?'}" (${country.region_id})`);
      }
    }
    return ordered;
  }
}
