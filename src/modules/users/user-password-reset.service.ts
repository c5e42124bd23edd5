import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../common/auth/password-hasher';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { INVALID_RESET_TOKEN, readResetToken, signResetToken, verifyResetToken } from '../auth/password-reset';
import { emitEvent } from '../events/outbox';
import { User } from './user.entity';
import { UsersService } from './users.service';

/**
 * Medusa v1's admin password reset: the token goes out in `user.password_reset` (to the
 * mailbox only); the token sets a new password once, ending the user's sessions and JWTs.
 */
@Injectable()
export class UserPasswordResetService {
  private readonly logger = new Logger(UserPasswordResetService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly users: UsersService,
  ) {}

  /** After the answer: the same time whether the user exists or not. */
  requestInBackground(email: string): void {
    this.request(email).catch((err) => this.logger.error({ err }, 'a password reset request failed'));
  }

  /** Emits `user.password_reset` (`{ id, email, first_name, last_name, token }`) for the user with that email; nothing for none. */
  async request(email: string): Promise<void> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.password_hash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
    if (!user?.password_hash) return;
    const token = signResetToken(this.config.jwtSecret, 'user', user.id, user.password_hash, { email: user.email });
    const { id, first_name, last_name } = user;
    await emitEvent(this.dataSource.manager, 'user.password_reset', { id, email: user.email, first_name, last_name, token });
  }

  /**
   * Sets the password of the user the token was made for (the body's email, when given,
   * must be that user's): 401 for anything else. Under the user's row lock, so a token
   * works once; the new password ends the user's sessions and JWTs.
   */
  async reset(email: string | undefined, token: string, password: string): Promise<User> {
    const lookup = email ?? readResetToken(token)?.email;
    if (!lookup) throw ApiError.unauthorized(INVALID_RESET_TOKEN);
    const hash = await hashPassword(password);
    const id = await this.tx.run(async (manager) => {
      const user = await manager
        .getRepository(User)
        .createQueryBuilder('u')
        .addSelect('u.password_hash')
        .where('lower(u.email) = lower(:email)', { email: lookup })
        .setLock('pessimistic_write')
        .getOne();
      if (!user?.password_hash || !verifyResetToken(this.config.jwtSecret, 'user', user.id, user.password_hash, token)) {
        throw ApiError.unauthorized(INVALID_RESET_TOKEN);
      }
      await manager.getRepository(User).update(user.id, { password_hash: hash });
      await this.users.endLogins(user.id, manager);
      return user.id;
    });
    return this.users.retrieve(id);
  }
}
