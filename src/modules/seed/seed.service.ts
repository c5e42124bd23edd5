import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// Placeholder until the seed importer lands (issue 2, in progress in this session).
@Injectable()
export class SeedService {
  constructor(private readonly dataSource: DataSource) {}

  async isEmpty(): Promise<boolean> {
    const [{ count }] = await this.dataSource.query('SELECT count(*)::int AS count FROM "user"');
    return count === 0;
  }

  async seedFromFile(_path: string): Promise<void> {
    throw new Error('seed importer not implemented yet');
  }
}
