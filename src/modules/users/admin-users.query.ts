import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runList } from '../../common/query/list-spec';
import { ADMIN_USER_LIST } from './user-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetUsersParams } from './dto/admin-users.dto';
import { User } from './user.entity';

/** The admin's reads of the users list (`GET /admin/users`). */
@Injectable()
export class AdminUsersQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of live users and their total (ADMIN_USER_LIST). */
  list(query: AdminGetUsersParams, config: FindConfig): Promise<[User[], number]> {
    return runList(this.dataSource.manager, ADMIN_USER_LIST, { ...query }, config);
  }
}
