import { ApiError } from './api-error';

/** PostgreSQL SQLSTATE codes this API gives a meaning to. */
export const PgErrorCode = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
  NOT_NULL_VIOLATION: '23502',
  CHECK_VIOLATION: '23514',
  SERIALIZATION_FAILURE: '40001',
  DEADLOCK_DETECTED: '40P01',
  INVALID_TEXT_REPRESENTATION: '22P02',
  NUMERIC_VALUE_OUT_OF_RANGE: '22003',
  STRING_DATA_RIGHT_TRUNCATION: '22001',
  INVALID_DATETIME_FORMAT: '22007',
  DATETIME_FIELD_OVERFLOW: '22008',
  UNTRANSLATABLE_CHARACTER: '22P05',
  CHARACTER_NOT_IN_REPERTOIRE: '22021',
  ADMIN_SHUTDOWN: '57P01',
  CANNOT_CONNECT_NOW: '57P03',
} as const;

interface PgDriverError {
  code?: string;
  detail?: string;
  table?: string;
  column?: string;
}

const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * Translates a PostgreSQL error into the ApiError Medusa v1 would have produced (its
 * `exception-formatter`), plus the client-caused cases Medusa let through as 500s
 * (check violations, out-of-range numbers, invalid text). Returns undefined for errors
 * that are genuinely ours.
 */
export function translatePgError(err: PgDriverError): ApiError | undefined {
  const detail = err.detail ?? '';
  switch (err.code) {
    case PgErrorCode.UNIQUE_VIOLATION: {
      // detail: Key (code)=(TESTING) already exists.
      const cleaned = detail.replace(/^Key /, '').replace(/[()]/g, '').replace('=', ' ');
      return ApiError.duplicate(`${capitalize(err.table ?? 'Entity')} with ${cleaned}`);
    }
    case PgErrorCode.FOREIGN_KEY_VIOLATION: {
      // detail: Key (customer_group_id)=(x) is not present in table "customer_group".
      const m = /Key \(([^)]+)\)=\(([^)]*)\) is not present in table "([^"]+)"/.exec(detail);
      if (m) return ApiError.notFound(`${capitalize(m[3])} with ${m[1]} ${m[2]} does not exist.`);
      return ApiError.notAllowed('The operation refers to or is referred to by another record.');
    }
    case PgErrorCode.NOT_NULL_VIOLATION:
      return ApiError.invalid(`Can't insert null value in field ${err.column ?? 'unknown'} on insert in table ${err.table ?? 'unknown'}`);
    case PgErrorCode.CHECK_VIOLATION:
      return ApiError.invalid(`A value is out of the allowed range${err.table ? ` for ${err.table}` : ''}.`);
    case PgErrorCode.SERIALIZATION_FAILURE:
    case PgErrorCode.DEADLOCK_DETECTED:
      return ApiError.conflict(
        'The request conflicted with another request. You may retry the request with the provided Idempotency-Key.',
        'invalid_state_error',
      );
    case PgErrorCode.INVALID_TEXT_REPRESENTATION:
    case PgErrorCode.INVALID_DATETIME_FORMAT:
    case PgErrorCode.DATETIME_FIELD_OVERFLOW:
    case PgErrorCode.UNTRANSLATABLE_CHARACTER:
    case PgErrorCode.CHARACTER_NOT_IN_REPERTOIRE:
      return ApiError.invalid('A value has an invalid format.');
    case PgErrorCode.NUMERIC_VALUE_OUT_OF_RANGE:
      return ApiError.invalid('A number is out of range.');
    case PgErrorCode.STRING_DATA_RIGHT_TRUNCATION:
      return ApiError.invalid('A value is too long.');
    default:
      return undefined;
  }
}

export function isRetryablePgError(err: unknown): boolean {
  const code = (err as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (err as { code?: string })?.code;
  return code === PgErrorCode.SERIALIZATION_FAILURE || code === PgErrorCode.DEADLOCK_DETECTED;
}
