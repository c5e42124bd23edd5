import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../common/auth/password-hasher';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import {
  INVALID_RESET_TOKEN,
  isResetGrant,
  newResetGrant,
  readResetToken,
  ResetMailboxBudget,
  resetTokenFromGrant,
  verifyResetToken,
} from '../auth/password-reset';
import { emitEvent } from '../events/outbox';
import { User } from './user.entity';
import { UsersService } from './users.service';

/**
 * Medusa v1's admin password reset: a request writes `user.password_reset`, whose mail
 * carries the token (the event keeps only the grant it is made from, see ResetGrant); the
 * token sets a new password once, ending the user's sessions and JWTs. At most
 * PASSWORD_RESET_MAILS_PER_HOUR requests per mailbox per hour write an event.
 */
@Injectable()
export class UserPasswordResetService implements OnModuleDestroy {
  private readonly logger = new Logger(UserPasswordResetService.name);
  private readonly mailbox: ResetMailboxBudget;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly users: UsersService,
  ) {
    this.mailbox = new ResetMailboxBudget(dataSource, config.passwordResetMailsPerHour);
  }

  onModuleDestroy(): void {
    this.mailbox.stop();
  }

  /** After the answer: the same time whether the user exists or not. */
  requestInBackground(email: string): void {
    this.request(email).catch((err) => this.logger.error({ err }, 'a password reset request failed'));
  }

  /**
   * Emits `user.password_reset` (`{ id, email, first_name, last_name, reset_grant }`) for the
   * user with that email; nothing for none, nor past the mailbox's budget.
   */
  async request(email: string): Promise<void> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.password_hash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
    if (!user?.password_hash) return;
    if (!(await this.mailbox.take('user', user.email))) return;
    const reset_grant = newResetGrant(this.config.jwtSecret, 'user', user.id, user.password_hash);
    const { id, first_name, last_name } = user;
    await emitEvent(this.dataSource.manager, 'user.password_reset', { id, email: user.email, first_name, last_name, reset_grant });
  }

  /**
   * The token a `user.password_reset` event's mail carries, made from its grant (with the
   * user's email as its claim, which the reset route looks the user up by); undefined when
   * it would not work (expired, password changed since, user gone).
   */
  async tokenForMail(userId: string, grant: unknown): Promise<string | undefined> {
    if (!isResetGrant(grant)) return undefined;
    const user = await this.dataSource.getRepository(User).createQueryBuilder('u').addSelect('u.password_hash').where('u.id = :id', { id: userId }).getOne();
    if (!user?.password_hash) return undefined;
    return resetTokenFromGrant(this.config.jwtSecret, 'user', user.id, user.password_hash, grant, { email: user.email });
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
