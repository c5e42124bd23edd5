import { IsObject, IsOptional, IsString, ValidateIf } from 'class-validator';

// `null` is no label or value: the columns are NOT NULL, so only an absent key skips the check.
const Given = () => ValidateIf((_, value) => value !== undefined);

/** `POST /admin/return-reasons` (Medusa v1's AdminPostReturnReasonsReq). */
export class AdminPostReturnReasonsReq {
  @IsString()
  value: string;

  @IsString()
  label: string;

  @IsOptional()
  @IsString()
  parent_return_reason_id?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}

/** `POST /admin/return-reasons/:id` (AdminPostReturnReasonsReasonReq): the parent cannot change. */
export class AdminPostReturnReasonsReasonReq {
  @Given()
  @IsString()
  label?: string;

  @Given()
  @IsString()
  value?: string;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
