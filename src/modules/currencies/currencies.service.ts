import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_CURRENCY_LIST } from './currency-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { Currency } from './currency.entity';
import { AdminGetCurrenciesParams, AdminPostCurrenciesCurrencyReq } from './dto/admin-currencies.dto';

@Injectable()
export class CurrenciesService {
  constructor(private readonly dataSource: DataSource) {}

  list(filters: AdminGetCurrenciesParams, config: FindConfig): Promise<[Currency[], number]> {
    return runList(this.dataSource.manager, ADMIN_CURRENCY_LIST, { ...filters }, config);
  }

  async update(code: string, input: AdminPostCurrenciesCurrencyReq): Promise<Currency> {
    const repo = this.dataSource.getRepository(Currency);
    const currency = await repo.findOne({ where: { code: code.toLowerCase() } });
    if (!currency) throw ApiError.notFound(`Currency with code: ${code.toLowerCase()} was not found`);
    if (input.includes_tax !== undefined) currency.includes_tax = input.includes_tax;
    return repo.save(currency);
  }
}
