import { Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { PublicController } from '../../common/auth/surface';

@ApiTags('Health')
@PublicController('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the database answers a ping' })
  check() {
    return this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
  }
}
