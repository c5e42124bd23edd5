import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response, Request } from 'express';
import { QueryFailedError, EntityNotFoundError, EntityPropertyNotFoundError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { redactUrl } from '../http/log-redaction';
import { ApiError, ApiErrorType } from './api-error';
import { translatePgError } from './pg-errors';

const STATUS_BY_TYPE: Record<string, number> = {
  [ApiErrorType.NOT_FOUND]: 404,
  [ApiErrorType.INVALID_DATA]: 400,
  [ApiErrorType.NOT_ALLOWED]: 400,
  [ApiErrorType.UNAUTHORIZED]: 401,
  [ApiErrorType.DUPLICATE_ERROR]: 422,
  [ApiErrorType.PAYMENT_AUTHORIZATION_ERROR]: 422,
  [ApiErrorType.CONFLICT]: 409,
  [ApiErrorType.PAYLOAD_TOO_LARGE]: 413,
  [ApiErrorType.SERVICE_UNAVAILABLE]: 503,
  [ApiErrorType.DATABASE_ERROR]: 500,
  [ApiErrorType.UNEXPECTED_STATE]: 500,
};

const CONFLICT_MESSAGE = 'The request conflicted with another request. You may retry the request with the provided Idempotency-Key.';

/** Connection-level failures: the database is away, not the request's fault. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/** What node-postgres and TypeORM say when there is no usable connection (these carry no SQLSTATE). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Connection is not established|the database system is|Client has encountered a connection error/i;

/** The database is unreachable or dropped the connection: the client should retry, it is not a bug. */
function isConnectionFailure(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message));
}

export interface ErrorBody {
  type: string;
  message: string;
  code?: string;
  errors?: string[];
}

/**
 * The single place that turns any thrown value into an HTTP response. Every body is JSON
 * `{ type, message, code? }`; driver messages and stacks never reach the client.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, body } = this.toResponse(exception);
    if (status >= 500) {
      this.logger.error(
        { err: exception, reqId: (req as unknown as { id?: string }).id, path: req?.originalUrl && redactUrl(req.originalUrl) },
        'request failed with a server error',
      );
    }
    if (res.headersSent) return;
    res.status(status).json(body);
  }

  toResponse(exception: unknown): { status: number; body: ErrorBody } {
    if (exception instanceof ApiError) return this.fromApiError(exception);

    if (exception instanceof QueryFailedError) {
      const driverError = ((exception as unknown as { driverError?: Record<string, string> }).driverError ?? {}) as Record<string, string>;
      const translated = translatePgError(driverError);
      if (translated) return this.fromApiError(translated);
      // A query cut off by the database going away (in flight during a restart or failover).
      if (isConnectionFailure(driverError)) return this.unavailable();
      return this.unknown();
    }
    if (exception instanceof EntityNotFoundError) {
      return this.fromApiError(ApiError.notFound('The requested resource was not found.'));
    }
    if (exception instanceof EntityPropertyNotFoundError) {
      return this.fromApiError(ApiError.invalid('The request refers to an unknown property.'));
    }

    if (isConnectionFailure(exception)) return this.unavailable();
    // TypeORM releases a query runner whose connection dropped; the request's next query on it
    // (relation loading, a count) then fails with this instead of a connection error.
    if (exception instanceof QueryRunnerAlreadyReleasedError) return this.unavailable();

    if (exception instanceof HttpException) return this.fromHttpException(exception);

    // body-parser errors are plain errors carrying a status and a type.
    const bp = exception as { status?: number; type?: string; expose?: boolean };
    if (typeof bp?.status === 'number' && bp.status >= 400 && bp.status < 500) {
      if (bp.status === 413) {
        return { status: 413, body: { type: ApiErrorType.PAYLOAD_TOO_LARGE, message: 'The request body is too large.' } };
      }
      if (bp.type === 'entity.parse.failed') {
        return { status: 400, body: { type: ApiErrorType.INVALID_DATA, message: 'The request body is not valid JSON.' } };
      }
      return { status: bp.status, body: { type: ApiErrorType.INVALID_DATA, message: 'The request could not be read.' } };
    }
    return this.unknown();
  }

  private fromApiError(err: ApiError): { status: number; body: ErrorBody } {
    const status = err.status ?? STATUS_BY_TYPE[err.type] ?? 500;
    const body: ErrorBody = { type: err.type, message: err.message };
    if (err.code !== undefined) body.code = err.code;
    if (err.errors !== undefined) body.errors = err.errors;
    if (err.type === ApiErrorType.DUPLICATE_ERROR) body.code = 'invalid_request_error';
    if (err.type === ApiErrorType.CONFLICT) {
      body.code = err.code ?? 'invalid_state_error';
      if (!err.code) body.message = CONFLICT_MESSAGE;
    }
    if (err.type === ApiErrorType.DATABASE_ERROR) body.code = 'api_error';
    return { status, body };
  }

  private fromHttpException(err: HttpException): { status: number; body: ErrorBody } {
    const status = err.getStatus();
    const response = err.getResponse() as string | { message?: string | string[] };
    const raw = typeof response === 'string' ? response : response?.message;
    const message = Array.isArray(raw) ? raw.join(', ') : (raw ?? err.message);
    const type =
      status === HttpStatus.NOT_FOUND
        ? ApiErrorType.NOT_FOUND
        : status === HttpStatus.UNAUTHORIZED || status === HttpStatus.FORBIDDEN
          ? ApiErrorType.UNAUTHORIZED
          : status === HttpStatus.TOO_MANY_REQUESTS
            ? 'too_many_requests'
            : status === HttpStatus.PAYLOAD_TOO_LARGE
              ? ApiErrorType.PAYLOAD_TOO_LARGE
              : status === HttpStatus.CONFLICT
                ? ApiErrorType.CONFLICT
                : status >= 500
                  ? 'unknown_error'
                  : ApiErrorType.INVALID_DATA;
    if (status === HttpStatus.FORBIDDEN) return { status: 401, body: { type, message: 'Unauthorized' } };
    // A failed readiness check (terminus) and anything else that knows it is unavailable.
    if (status === HttpStatus.SERVICE_UNAVAILABLE) return this.unavailable();
    if (status >= 500) return this.unknown();
    return { status, body: { type, message } };
  }

  private unavailable(): { status: number; body: ErrorBody } {
    return {
      status: 503,
      body: { type: ApiErrorType.SERVICE_UNAVAILABLE, message: 'The service is temporarily unavailable. Please retry.' },
    };
  }

  private unknown(): { status: number; body: ErrorBody } {
    return {
      status: 500,
      body: { code: 'unknown_error', type: 'unknown_error', message: 'An unknown error occurred.' },
    };
  }
}
