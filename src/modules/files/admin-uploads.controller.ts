import { Body, Delete, HttpCode, Post, Req, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AcceptsMultipart } from '../../common/auth/auth.decorators';
import { AdminController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { AdminDeleteUploadsReq, AdminPostUploadsDownloadUrlReq } from './dto/admin-uploads.dto';
import { FilesService } from './files.service';
import { requestOrigin } from './request-origin';
import type { StoredUpload } from './stored-file-multer.engine';

/** Most files one multipart request may carry. */
const MAX_FILES_PER_REQUEST = 20;

@ApiTags('Uploads')
@AdminController('uploads')
export class AdminUploadsController {
  constructor(private readonly files: FilesService) {}

  @Post()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @AcceptsMultipart()
  @ApiOperation({ summary: 'Upload Files (public: readable by key)' })
  @UseInterceptors(FilesInterceptor('files', MAX_FILES_PER_REQUEST))
  @MedusaResponse('AdminUploadsRes')
  upload(@UploadedFiles() uploads: StoredUpload[] | undefined, @Req() req: Request) {
    return { uploads: this.describe(uploads, req) };
  }

  @Post('protected')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @AcceptsMultipart()
  @ApiOperation({ summary: 'Upload Protected Files (readable only through a signed link)' })
  @UseInterceptors(FilesInterceptor('files', MAX_FILES_PER_REQUEST))
  @MedusaResponse('AdminUploadsRes')
  uploadProtected(@UploadedFiles() uploads: StoredUpload[] | undefined, @Req() req: Request) {
    return { uploads: this.describe(uploads, req) };
  }

  @Post('download-url')
  @HttpCode(200)
  @ApiOperation({ summary: 'Get a File’s Download URL (signed, expiring)' })
  @MedusaResponse('AdminUploadsDownloadUrlRes')
  async downloadUrl(@Body() body: AdminPostUploadsDownloadUrlReq, @Req() req: Request) {
    return { download_url: await this.files.signedDownloadUrl(body.file_key, requestOrigin(req)) };
  }

  @Delete()
  @ApiOperation({ summary: 'Delete an Uploaded File' })
  @MedusaResponse('AdminDeleteUploadsRes')
  async delete(@Body() body: AdminDeleteUploadsReq) {
    await this.files.delete(body.file_key);
    return { id: body.file_key, object: 'file', deleted: true };
  }

  private describe(uploads: StoredUpload[] | undefined, req: Request) {
    if (!uploads?.length) throw ApiError.invalid('No files were uploaded: send them as multipart/form-data in the "files" field');
    return uploads.map((upload) => ({ url: this.files.publicUrl(upload.key, requestOrigin(req)), key: upload.key }));
  }
}
