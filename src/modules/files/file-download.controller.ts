import { Get, Param, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PublicController } from '../../common/auth/surface';
import { FileDownload, FilesService } from './files.service';

/**
 * Serves file bytes outside /admin (browsers follow these links without credentials):
 * public uploads by key, anything else with a signed, expiring token.
 */
@ApiExcludeController()
@PublicController('uploads')
export class FileDownloadController {
  constructor(private readonly files: FilesService) {}

  @Get('signed/:token')
  async signed(@Param('token') token: string): Promise<StreamableFile> {
    return toStreamable(await this.files.openSigned(token));
  }

  @Get(':key')
  async public(@Param('key') key: string): Promise<StreamableFile> {
    return toStreamable(await this.files.openPublic(key));
  }
}

function toStreamable({ info, body, inline }: FileDownload): StreamableFile {
  const name = (info.original_name ?? info.key.split('/').pop() ?? 'file').replace(/["\\\r\n]/g, '_');
  return new StreamableFile(body, {
    type: inline ? (info.content_type ?? 'application/octet-stream') : 'application/octet-stream',
    length: info.size,
    disposition: `${inline ? 'inline' : 'attachment'}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  });
}
