import { Module } from '@nestjs/common';
import { FILE_STORAGE } from './file-storage';
import { FilesService } from './files.service';
import { PostgresFileStorage } from './postgres-file-storage';

/**
 * Binds the FileStorage driver. PostgreSQL is the default so several instances behind one
 * load balancer share files; another driver (S3, disk) is a different `useClass` here.
 */
@Module({
  providers: [{ provide: FILE_STORAGE, useClass: PostgresFileStorage }, FilesService],
  exports: [FILE_STORAGE, FilesService],
})
export class FileStorageModule {}
