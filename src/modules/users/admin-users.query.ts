import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { buildWhere, listPage, withSearch } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetUsersParams } from './dto/admin-users.dto';
import { User } from './user.entity';

/** The admin's reads of the users list (`GET /admin/users`). */
@Injectable()
export class AdminUsersQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of live users and their total; `q` searches email, first and last name (Medusa's columns). */
  list(query: AdminGetUsersParams, config: FindConfig): Promise<[User[], number]> {
    const { id, email, first_name, last_name, role, created_at, updated_at, deleted_at } = query;
    const where = buildWhere<User>({ id, email, first_name, last_name, role, created_at, updated_at, deleted_at });
    const order = { ...config.order, id: config.order.id ?? 'ASC' };
    return listPage(this.dataSource.getRepository(User), {
      where: withSearch(where, query.q, ['email', 'first_name', 'last_name']),
      config,
      order,
      relations: [],
      withDeleted: deleted_at !== undefined,
    });
  }
}
