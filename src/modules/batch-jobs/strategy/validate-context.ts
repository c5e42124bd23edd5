import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ApiError } from '../../../common/errors/api-error';
import { formatValidationErrors, validationMessage } from '../../../common/validation/validation';

/**
 * Validates a job's `context` against a class-validator class (400 invalid_data with
 * `context.`-prefixed messages). Unknown keys are kept, as Medusa keeps them.
 */
export function validateContext<T extends object>(cls: ClassConstructor<T>, context: Record<string, unknown>): T {
  const instance = plainToInstance(cls, context);
  const errors = validateSync(instance, { whitelist: false, forbidUnknownValues: false });
  if (errors.length) throw ApiError.invalid(validationMessage(formatValidationErrors(errors, 'context')));
  return instance;
}
