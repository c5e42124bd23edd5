/**
 * TABLE_CHANGE_NOTICES (`true` by default): `false` opens no listener connection, and so
 * turns off every cache that follows the notices (catalogue responses, API tokens, cart
 * answers).
 */
export function tableChangeNoticesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.TABLE_CHANGE_NOTICES;
  if (raw === undefined || raw === '' || raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`TABLE_CHANGE_NOTICES must be "true" or "false", got "${raw}"`);
}
