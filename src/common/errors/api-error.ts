/**
 * The error every service throws. `type` uses Medusa v1's vocabulary so clients written
 * against Medusa (medusa-js, the admin SPA) can branch on it unchanged; the HTTP status is
 * decided once, in AllExceptionsFilter, never by the service.
 */
export const ApiErrorType = {
  NOT_FOUND: 'not_found',
  INVALID_DATA: 'invalid_data',
  NOT_ALLOWED: 'not_allowed',
  DUPLICATE_ERROR: 'duplicate_error',
  CONFLICT: 'conflict',
  UNAUTHORIZED: 'unauthorized',
  PAYMENT_AUTHORIZATION_ERROR: 'payment_authorization_error',
  UNEXPECTED_STATE: 'unexpected_state',
  DATABASE_ERROR: 'database_error',
  SERVICE_UNAVAILABLE: 'service_unavailable',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
} as const;

export type ApiErrorType = (typeof ApiErrorType)[keyof typeof ApiErrorType];

export class ApiError extends Error {
  constructor(
    public readonly type: ApiErrorType,
    message: string,
    public readonly code?: string,
    /** Overrides the status the type maps to (a refusal that is not the request's data: 403). */
    public readonly status?: number,
    /** Medusa's MultipleErrors: one entry per refused part of the request, sent as `errors`. */
    public readonly errors?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * Medusa's MultipleErrors answer (400, `errors` plus its fixed message), given by route
   * validators such as "these products do not exist"; `type` is invalid_data, as every error here has one.
   */
  static multiple(errors: string[]): ApiError {
    return new ApiError(
      ApiErrorType.INVALID_DATA,
      'Provided request body contains errors. Please check the data and retry the request',
      undefined,
      400,
      errors,
    );
  }

  static notFound(message: string): ApiError {
    return new ApiError(ApiErrorType.NOT_FOUND, message);
  }

  static invalid(message: string): ApiError {
    return new ApiError(ApiErrorType.INVALID_DATA, message);
  }

  static notAllowed(message: string, code?: string): ApiError {
    return new ApiError(ApiErrorType.NOT_ALLOWED, message, code);
  }

  /** Refused whoever asks, e.g. a cross-site write: 403 with Medusa's `not_allowed` type. */
  static forbidden(message: string): ApiError {
    return new ApiError(ApiErrorType.NOT_ALLOWED, message, undefined, 403);
  }

  static duplicate(message: string): ApiError {
    return new ApiError(ApiErrorType.DUPLICATE_ERROR, message);
  }

  static conflict(message: string, code?: string): ApiError {
    return new ApiError(ApiErrorType.CONFLICT, message, code);
  }

  static unauthorized(message = 'Unauthorized'): ApiError {
    return new ApiError(ApiErrorType.UNAUTHORIZED, message);
  }
}
