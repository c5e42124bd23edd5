import { AbstractLogger, LogLevel, LogMessage } from 'typeorm';

/**
 * TypeORM's own log lines (failed queries, and every query with DB_LOG_QUERIES=true) with the
 * SQL kept and the bound parameters left out: parameters carry personal data and password
 * hashes, which must never reach a log. The count is kept, which is enough to debug a
 * placeholder mismatch.
 */
export class RedactingQueryLogger extends AbstractLogger {
  protected writeLog(level: LogLevel, logMessage: LogMessage | LogMessage[]): void {
    const messages = Array.isArray(logMessage) ? logMessage : [logMessage];
    for (const message of messages) {
      const raw: unknown = message.message;
      const text = raw instanceof Error ? raw.message : String(raw);
      const parameters = message.parameters?.length ? ` -- ${message.parameters.length} parameters (redacted)` : '';
      const line = `${message.prefix ? `${message.prefix}: ` : ''}${text}${parameters}`;
      if (level === 'warn' || level === 'error') console.error(line);
      else console.log(line);
    }
  }
}
