/**
 * Turns Medusa-style dotted relation paths (`variants.prices`) into TypeORM 1.x's nested
 * relations object (`{ variants: { prices: true } }`); TypeORM 1 no longer takes strings.
 */
export function toRelations(paths: readonly string[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const path of paths) {
    let node = root;
    const parts = path.split('.');
    parts.forEach((part, i) => {
      const existing = node[part];
      if (i === parts.length - 1) {
        if (existing === undefined) node[part] = true;
        return;
      }
      if (existing === undefined || existing === true) node[part] = {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}
