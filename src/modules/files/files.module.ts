import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { AdminUploadsController } from './admin-uploads.controller';
import { FileDownloadController } from './file-download.controller';
import { FILE_STORAGE, FileStorage } from './file-storage';
import { FileStorageModule } from './file-storage.module';
import { FilesService } from './files.service';
import { StoredFileMulterEngine } from './stored-file-multer.engine';

/** Uploads (/admin/uploads) and downloads (/uploads), streamed through the FileStorage driver. */
@Module({
  imports: [
    FileStorageModule,
    MulterModule.registerAsync({
      imports: [FileStorageModule],
      inject: [FILE_STORAGE, FilesService],
      useFactory: (storage: FileStorage, files: FilesService) => ({
        storage: new StoredFileMulterEngine(storage, (name) => files.uploadKey(name)),
        limits: { fileSize: files.maxUploadBytes },
      }),
    }),
  ],
  controllers: [AdminUploadsController, FileDownloadController],
  exports: [FileStorageModule],
})
export class FilesModule {}
