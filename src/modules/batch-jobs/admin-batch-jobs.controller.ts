import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUserId } from '../../common/auth/auth.decorators';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ADMIN_BATCH_JOB_LIST, BATCH_JOB_QUERY } from './batch-job-lists';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { BatchJobsService } from './batch-jobs.service';
import { AdminGetBatchParams, AdminPostBatchesReq } from './dto/admin-batch-jobs.dto';

@ApiTags('Batch Jobs')
@AdminController('batch-jobs')
export class AdminBatchJobsController {
  constructor(private readonly batchJobs: BatchJobsService) {}

  @Get()
  @ApiOperation({ summary: 'List Batch Jobs (only those the caller created)' })
  @ListRoute(ADMIN_BATCH_JOB_LIST)
  @MedusaResponse('AdminBatchJobListRes')
  async list(@CurrentUserId() userId: string, @Query() query: AdminGetBatchParams, @FindParams() config: FindConfig) {
    const [jobs, count] = await this.batchJobs.list(userId, query, config);
    return listEnvelope('batch_jobs', jobs, count, config);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a Batch Job (pre-processing starts by itself)' })
  @MedusaResponse('AdminBatchJobRes', 201)
  async create(@CurrentUserId() userId: string, @Body() body: AdminPostBatchesReq) {
    return { batch_job: await this.batchJobs.create(userId, body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Batch Job' })
  @QueryConfig(BATCH_JOB_QUERY)
  @MedusaResponse('AdminBatchJobRes')
  async retrieve(@CurrentUserId() userId: string, @Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { batch_job: await this.batchJobs.retrieve(id, userId, config) };
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm a Batch Job (pre_processed -> confirmed, then processed)' })
  @MedusaResponse('AdminBatchJobRes')
  async confirm(@CurrentUserId() userId: string, @Param('id') id: string) {
    return { batch_job: await this.batchJobs.confirm(id, userId) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a Batch Job (a running one stops at its next batch)' })
  @MedusaResponse('AdminBatchJobRes')
  async cancel(@CurrentUserId() userId: string, @Param('id') id: string) {
    return { batch_job: await this.batchJobs.cancel(id, userId) };
  }
}
