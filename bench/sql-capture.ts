/**
 * Loaded into the API with `node --require dist/bench/sql-capture.js` by the plan check
 * (bench/plan-check.ts), never in production: appends each distinct statement the API
 * sends (its text and the values of its first run) to SQL_CAPTURE_FILE, one JSON object a
 * line. Hooks pg's Client.prototype.query, under every caller: TypeORM, the named prepared
 * statements, the JSON-tree loader and the export cursors all end there.
 */
import { appendFileSync } from 'fs';
import { Client } from 'pg';

const file = process.env.SQL_CAPTURE_FILE;
if (file) {
  const seen = new Set<string>();
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: Client, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && !seen.has(text)) {
      seen.add(text);
      const params = Array.isArray(values) ? values : (config as { values?: unknown[] }).values;
      const named = typeof config === 'object' && config !== null && typeof (config as { name?: unknown }).name === 'string';
      appendFileSync(file, `${JSON.stringify({ text, values: params ?? [], named })}\n`);
    }
    return original.apply(this, args);
  };
}
