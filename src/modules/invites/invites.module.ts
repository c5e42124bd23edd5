import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AdminInvitesController } from './admin-invites.controller';
import { InviteAcceptThrottleInterceptor } from './invite-accept-throttle';
import { InvitesService } from './invites.service';

/** `/admin/invites` (list, create, resend, delete, accept); the invitation mail is the mail module's. */
@Module({
  imports: [UsersModule],
  controllers: [AdminInvitesController],
  providers: [InvitesService, InviteAcceptThrottleInterceptor],
  exports: [InvitesService],
})
export class InvitesModule {}
