import { IsNotEmpty, IsString } from 'class-validator';

/** product-import needs the key of an uploaded CSV (POST /admin/uploads or /admin/uploads/protected). */
export class ProductImportContext {
  @IsString()
  @IsNotEmpty()
  fileKey: string;
}
