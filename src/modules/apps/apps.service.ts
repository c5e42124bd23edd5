import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { Oauth } from './oauth.entity';
import { OAuthProviderRegistry } from './oauth-provider.registry';
import { AdminPostAppsReq } from './dto/admin-apps.dto';

@Injectable()
export class AppsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: OAuthProviderRegistry,
    private readonly tx: TransactionRunner,
  ) {}

  list(): Promise<Oauth[]> {
    return this.dataSource.getRepository(Oauth).find({ order: { application_name: 'ASC' } });
  }

  /**
   * Exchanges an OAuth `code` for the application's token data. The stored `state` must
   * match, which is what ties the callback to the admin who started the flow.
   */
  async generateToken(input: AdminPostAppsReq): Promise<Oauth> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(Oauth);
      const app = await repo.findOne({ where: { application_name: input.application_name }, lock: { mode: 'pessimistic_write' } });
      if (!app) throw ApiError.notFound(`Oauth application ${input.application_name} not found`);
      const provider = this.registry.get(app.application_name);
      if (!provider) {
        throw ApiError.invalid(`An OAuth handler for ${app.display_name} could not be found make sure the plugin is installed`);
      }
      if (!app.data || app.data.state !== input.state) throw ApiError.notAllowed(`${app.display_name} could not match state`);
      app.data = await provider.generateToken(input.code);
      return repo.save(app);
    });
  }
}
