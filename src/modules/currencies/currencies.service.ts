import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { applySearch, listPage } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { Currency } from './currency.entity';
import { AdminGetCurrenciesParams, AdminPostCurrenciesCurrencyReq } from './dto/admin-currencies.dto';

@Injectable()
export class CurrenciesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(filters: AdminGetCurrenciesParams, config: FindConfig): Promise<[Currency[], number]> {
    const qb = this.dataSource.getRepository(Currency).createQueryBuilder('currency');
    if (filters.code !== undefined) qb.andWhere('currency.code = :code', { code: filters.code.toLowerCase() });
    if (filters.includes_tax !== undefined) qb.andWhere('currency.includes_tax = :it', { it: filters.includes_tax });
    applySearch(qb, filters.q, ['currency.code', 'currency.name']);
    const order = Object.keys(config.order).length > 0 ? config.order : { rank: 'ASC' as const };
    return listPage(this.dataSource.getRepository(Currency), { query: qb, config, order });
  }

  async update(code: string, input: AdminPostCurrenciesCurrencyReq): Promise<Currency> {
    const repo = this.dataSource.getRepository(Currency);
    const currency = await repo.findOne({ where: { code: code.toLowerCase() } });
    if (!currency) throw ApiError.notFound(`Currency with code: ${code.toLowerCase()} was not found`);
    if (input.includes_tax !== undefined) currency.includes_tax = input.includes_tax;
    return repo.save(currency);
  }
}
