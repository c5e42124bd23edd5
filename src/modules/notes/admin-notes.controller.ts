import { Body, Delete, Get, HttpCode, Module, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CurrentUserId } from '../../common/auth/auth.decorators';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { NotesService } from './notes.service';

/** Medusa v1's AdminGetNotesParams. */
class AdminGetNotesParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  resource_id?: string;
}

/** Medusa v1's AdminPostNotesReq. */
class AdminPostNotesReq {
  @IsNotEmpty()
  @IsString()
  resource_id: string;

  @IsNotEmpty()
  @IsString()
  resource_type: string;

  @IsNotEmpty()
  @IsString()
  value: string;
}

/** Medusa v1's AdminPostNotesNoteReq. */
class AdminPostNotesNoteReq {
  @IsString()
  value: string;
}

/** Nothing to expand, select or sort beyond Medusa's fixed answer (the author). */
const LIST = { defaultRelations: [], allowedRelations: [], allowedFields: [], allowedOrder: [], defaultOrder: {}, maxLimit: 1000, defaultLimit: 50 };

/** `/admin/notes` (Medusa 8.1). */
@ApiTags('Notes')
@AdminController('notes')
class AdminNotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  @ApiOperation({ summary: 'List Notes' })
  @QueryConfig(LIST)
  @MedusaResponse('AdminNotesListRes')
  async list(@Query() query: AdminGetNotesParams, @FindParams() config: FindConfig) {
    const [notes, count] = await this.notes.list({ resource_id: query.resource_id }, { skip: config.skip, take: config.take });
    return listEnvelope('notes', notes, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Note' })
  @MedusaResponse('AdminNotesRes')
  async retrieve(@Param('id') id: string) {
    return { note: await this.notes.retrieve(id) };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Note' })
  @MedusaResponse('AdminNotesRes')
  async create(@CurrentUserId() userId: string, @Body() body: AdminPostNotesReq) {
    return { note: await this.notes.create(userId, body) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Note' })
  @MedusaResponse('AdminNotesRes')
  async update(@Param('id') id: string, @Body() body: AdminPostNotesNoteReq) {
    return { note: await this.notes.update(id, body.value) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a Note' })
  @MedusaResponse('AdminNotesDeleteRes')
  async delete(@Param('id') id: string) {
    await this.notes.delete(id);
    return { id, object: 'note', deleted: true };
  }
}

/** Staff notes (`/admin/notes`). */
@Module({ controllers: [AdminNotesController], providers: [NotesService] })
export class AdminNotesModule {}
