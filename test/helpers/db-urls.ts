/** The same server with another database name. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The server's maintenance database, for CREATE/DROP DATABASE. */
export function serverUrl(url: string): string {
  return databaseUrl(url, 'postgres');
}
