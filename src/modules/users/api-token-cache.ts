import { Injectable } from '@nestjs/common';
import { TableChangeNotices } from '../table-changes/table-change-notices';

const MAX_ENTRIES = 10_000;

/**
 * Admin API token -> user id, kept per process. An integration sends its token on every
 * request; without this each one costs a query before any work.
 *
 * Only found tokens are kept (unknown tokens always ask the database, so random tokens
 * cannot fill memory). The map follows the table-change notices: it is used only
 * while the listener is connected, and cleared whenever "user" changes anywhere, so a
 * revoked token stops working as soon as the change notice arrives (on this instance, at
 * once: the write fence bypasses caches until the notice of its own write is in).
 */
@Injectable()
export class ApiTokenCache {
  private readonly userIds = new Map<string, string>();

  constructor(private readonly notices: TableChangeNotices) {
    notices.onInvalidate((scopes) => {
      if (scopes.includes('api_tokens')) this.userIds.clear();
    });
  }

  async userIdFor(token: string, load: (token: string) => Promise<string | null>): Promise<string | null> {
    if (!this.notices.trusted) return load(token);
    const cached = this.userIds.get(token);
    if (cached !== undefined) return cached;
    const generation = this.notices.generation('api_tokens');
    const userId = await load(token);
    // A change announced while loading may already be stale in what was read.
    if (userId !== null && this.notices.trusted && this.notices.generation('api_tokens') === generation) {
      if (this.userIds.size >= MAX_ENTRIES) this.userIds.clear();
      this.userIds.set(token, userId);
    }
    return userId;
  }

  get size(): number {
    return this.userIds.size;
  }
}
