/**
 * `npm run lint:boundaries`: the module boundaries, checked against the code. The rules are
 * code too: scripts/module-boundaries.ts (what a module owns beyond its entities, which of
 * another module's SQL it may import, the bulk loaders). docs/architecture.md ("Where SQL
 * lives, and who writes which tables") explains them and is checked against them, but grants
 * nothing: editing the prose cannot make a violation pass. Fails (exit 1) when
 *
 * 1. the rules name a module folder, a table or a function that does not exist, or allow an
 *    import nobody makes (a stale allowance is a hole waiting to be used);
 * 2. a module (or src/common) writes a table it does not own, in SQL (INSERT INTO, UPDATE, DELETE FROM,
 *    TRUNCATE) or through TypeORM on another module's entity (repository or manager
 *    insert/save/update/delete/...); a module owns the tables of the entities in its folder
 *    (and the join tables they declare) plus its SHARED_TABLES. The BULK_LOADERS are exempt;
 * 3. a module imports another module's SQL: a function from its `*.repository.ts`, or a
 *    fragment it splices into its own statements (`${...}` in a template), that
 *    CROSS_MODULE_SQL does not allow for that module. A newcomer who needs one adds it there
 *    with its reason (a reviewed design change), or asks the owner for a service method;
 * 4. the architecture section does not name every allowance and bulk loader, or its ownership
 *    table gives a module a table the rules do not give it.
 *
 * Plain text matching, no type checker: it reads each file once and takes about a second.
 * Run it with `node -r ./scripts/swc-register.js scripts/check-boundaries.ts`.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import { BULK_LOADERS, CROSS_MODULE_SQL, SHARED_TABLES, TABLES_WITHOUT_ENTITY } from './module-boundaries';

const ROOT = resolve(__dirname, '..');
const MODULES_DIR = join(ROOT, 'src/modules');
/** Shared infrastructure: checked like a module named "common" that owns its own entities' tables. */
const COMMON_DIR = join(ROOT, 'src/common');
const DOC = join(ROOT, 'docs/architecture.md');
const SECTION = '### Where SQL lives, and who writes which tables';
const RULES = 'scripts/module-boundaries.ts';

const WRITE_SQL = /\b(?:INSERT INTO|UPDATE|DELETE FROM|TRUNCATE(?: TABLE)?)\s+"?([a-z_][a-z0-9_]*)"?/g;
const TYPEORM_WRITES = 'insert|save|update|delete|upsert|softDelete|softRemove|restore|increment|decrement|remove|clear';

interface SourceFile {
  path: string; // relative to ROOT
  module: string;
  text: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function moduleOf(absolutePath: string): string | undefined {
  if (!relative(COMMON_DIR, absolutePath).startsWith('..')) return 'common';
  const rel = relative(MODULES_DIR, absolutePath);
  return rel.startsWith('..') ? undefined : rel.split('/')[0];
}

function loadSources(): SourceFile[] {
  return [...walk(MODULES_DIR), ...walk(COMMON_DIR)]
    .filter((p) => p.endsWith('.ts') && !p.endsWith('.spec.ts'))
    .map((p) => ({ path: relative(ROOT, p), module: moduleOf(p)!, text: readFileSync(p, 'utf8') }));
}

/** Entity class name -> { module, table }, and table -> owning modules, from the entity files. */
function entityOwnership(sources: SourceFile[]) {
  const entities = new Map<string, { module: string; table: string; file: string }>();
  const owners = new Map<string, Set<string>>();
  const own = (table: string, module: string) => owners.set(table, (owners.get(table) ?? new Set()).add(module));
  for (const file of sources) {
    for (const m of file.text.matchAll(/@Entity\(\s*'([a-z_]+)'[\s\S]*?export (?:abstract )?class (\w+)/g)) {
      entities.set(m[2], { module: file.module, table: m[1], file: file.path });
      own(m[1], file.module);
    }
    for (const m of file.text.matchAll(/@JoinTable\(\{[^}]*?name:\s*'([a-z_]+)'/g)) own(m[1], file.module);
  }
  for (const [table, module] of Object.entries(TABLES_WITHOUT_ENTITY)) own(table, module);
  return { entities, owners };
}

interface DocOwnership {
  /** module -> tables its row of the ownership table lists (in backticks) */
  rows: Map<string, string[]>;
  section: string;
}

function readDoc(): DocOwnership {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(SECTION);
  if (start < 0) throw new Error(`docs/architecture.md has no "${SECTION}" section`);
  const end = doc.indexOf('\n#', start + SECTION.length);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || cells[1] === 'module' || /^-+$/.test(cells[1])) continue;
    const tables = [...cells[2].matchAll(/`"?([a-z_]+)"?`/g)].map((m) => m[1]);
    for (const module of cells[1].split(',').map((m) => m.trim())) if (module && module !== '...') rows.set(module, tables);
  }
  return { rows, section };
}

/** The imported names of a file, with the module and file each comes from. */
function importsOf(file: SourceFile): Array<{ names: string[]; module?: string; target: string }> {
  const out: Array<{ names: string[]; module?: string; target: string }> = [];
  for (const m of file.text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/g)) {
    const target = resolve(dirname(join(ROOT, file.path)), m[2]);
    const names = m[1]
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean);
    out.push({ names, module: moduleOf(target), target: relative(ROOT, target) });
  }
  return out;
}

/** The text with comments blanked out (newlines kept, so line numbers still hold). */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/^\s*\/\/.*$/gm, blank);
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function check(): string[] {
  const sources = loadSources();
  const { entities, owners } = entityOwnership(sources);
  const doc = readDoc();
  const modules = new Set(readdirSync(MODULES_DIR).filter((n) => statSync(join(MODULES_DIR, n)).isDirectory()));
  const problems: string[] = [];

  // 1. The rules match the code.
  const ruleModules = [
    ...SHARED_TABLES.map((g) => g.module),
    ...Object.values(TABLES_WITHOUT_ENTITY),
    ...CROSS_MODULE_SQL.flatMap((g) => [g.owner, ...g.usedBy]),
  ];
  for (const module of new Set(ruleModules)) {
    if (module !== 'common' && !modules.has(module)) problems.push(`${RULES}: names module "${module}", which has no folder in src/modules`);
  }
  for (const { table, module } of SHARED_TABLES) {
    if (!owners.has(table)) problems.push(`${RULES}: SHARED_TABLES gives "${module}" the table "${table}", which no entity declares`);
    else owners.get(table)!.add(module);
  }
  for (const { name, owner } of CROSS_MODULE_SQL) {
    const declared = new RegExp(`export (?:async )?(?:function|const) ${name}\\b`);
    if (!sources.some((f) => f.module === owner && declared.test(f.text)))
      problems.push(`${RULES}: CROSS_MODULE_SQL allows ${name}, which module "${owner}" does not export`);
  }
  const used = new Set<string>();

  // 4. The architecture section explains the rules and claims nothing beyond them.
  for (const [module, tables] of doc.rows) {
    if (!modules.has(module)) problems.push(`docs/architecture.md: the ownership table names module "${module}", which has no folder in src/modules`);
    for (const table of tables) {
      if (!owners.get(table)?.has(module)) {
        problems.push(`docs/architecture.md: the ownership table gives "${module}" the table "${table}"; neither its entities nor ${RULES} do`);
      }
    }
  }
  for (const { name } of CROSS_MODULE_SQL) {
    if (!doc.section.includes(`\`${name}\``)) problems.push(`docs/architecture.md: "${SECTION.slice(4)}" does not name ${name}, which ${RULES} allows`);
  }
  for (const { folder } of BULK_LOADERS) {
    if (!doc.section.includes(folder.replace(/\/$/, '').split('/').pop()!)) problems.push(`docs/architecture.md: the bulk loader ${folder} is not named`);
  }

  for (const file of sources) {
    const bulk = BULK_LOADERS.some((b) => file.path.startsWith(b.folder));
    const foreign = (table: string) => {
      const o = owners.get(table);
      return o && !o.has(file.module) ? [...o].join(', ') : undefined;
    };

    // 2. Writes to tables the module does not own.
    if (!bulk) {
      for (const m of withoutComments(file.text).matchAll(WRITE_SQL)) {
        const owner = foreign(m[1]);
        if (owner) problems.push(`${file.path}:${lineOf(file.text, m.index)}: writes "${m[1]}" in SQL; it belongs to ${owner}`);
      }
      const imported = new Set(importsOf(file).flatMap((i) => i.names));
      const writes: Array<{ entity: string; index: number }> = [];
      for (const m of file.text.matchAll(new RegExp(`getRepository(?:<[^>]*>)?\\(\\s*(\\w+)\\s*\\)\\s*\\.(?:${TYPEORM_WRITES})\\(`, 'g')))
        writes.push({ entity: m[1], index: m.index });
      for (const m of file.text.matchAll(new RegExp(`manager\\.(?:${TYPEORM_WRITES})\\(\\s*(\\w+)\\s*,`, 'g'))) writes.push({ entity: m[1], index: m.index });
      // A variable holding a repository: its writes up to the next declaration of that name
      // (an injected one: the whole file).
      const holders: Array<{ variable: string; entity: string; from: number }> = [];
      for (const m of file.text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*[\w.]*getRepository(?:<[^>]*>)?\(\s*(\w+)\s*\)/g))
        holders.push({ variable: m[1], entity: m[2], from: m.index });
      for (const m of file.text.matchAll(/@InjectRepository\(\s*(\w+)\s*\)\s*(?:private|protected|public)?\s*(?:readonly\s+)?(\w+)/g))
        holders.push({ variable: `this.${m[2]}`, entity: m[1], from: 0 });
      for (const holder of holders) {
        const escaped = holder.variable.replace('.', '\\.');
        const redeclared = new RegExp(`(?:const|let)\\s+${escaped}\\s*=`, 'g');
        redeclared.lastIndex = holder.from + 1;
        const to = redeclared.exec(file.text)?.index ?? file.text.length;
        for (const m of file.text.slice(holder.from, to).matchAll(new RegExp(`(?<![\\w.])${escaped}\\s*\\.(?:${TYPEORM_WRITES})\\(`, 'g'))) {
          writes.push({ entity: holder.entity, index: holder.from + m.index });
        }
      }
      for (const { entity, index } of writes) {
        const e = entities.get(entity);
        if (!e || !imported.has(entity)) continue;
        const owner = foreign(e.table);
        if (owner) problems.push(`${file.path}:${lineOf(file.text, index)}: writes "${e.table}" through TypeORM (${entity}); it belongs to ${owner}`);
      }
    }

    // 3. Another module's SQL, imported without an allowance.
    for (const imp of importsOf(file)) {
      // common is there to be used; its helpers build SQL for everyone.
      if (!imp.module || imp.module === file.module || imp.module === 'common') continue;
      const repository = /\.repository$/.test(imp.target);
      for (const name of imp.names) {
        const grant = CROSS_MODULE_SQL.find((g) => g.name === name && g.owner === imp.module && g.usedBy.includes(file.module as never));
        if (grant) used.add(`${grant.name} ${file.module}`);
        const spliced = new RegExp(`\\$\\{\\s*${name}\\b`).test(file.text);
        if ((!repository && !spliced) || grant) continue;
        const what = spliced && !repository ? `splices ${name} (${imp.target}) into its SQL` : `imports ${name} from ${imp.target}.ts`;
        problems.push(`${file.path}: ${what}; ${RULES} (CROSS_MODULE_SQL) does not allow it for "${file.module}"`);
      }
    }
  }
  for (const { name, owner, usedBy } of CROSS_MODULE_SQL) {
    for (const module of usedBy) {
      if (!used.has(`${name} ${module}`))
        problems.push(`${RULES}: CROSS_MODULE_SQL lets "${module}" use ${name} (${owner}), which it no longer imports: remove the allowance`);
    }
  }
  return problems;
}

const problems = check();
if (problems.length) {
  console.error(`Module boundaries (${RULES}): ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Module boundaries: every write goes through its owner, every cross-module SQL import is allowed by ${RULES}`);
