/**
 * "No query without `tenant_id`" (ARCHITECTURE.md, convention 2b), checked on the source: every statement
 * on a tenant table (a table of lib/server/db/schema.ts with a `tenantId` column, found at run time) names
 * the tenant. The files of lib/server and app/api are parsed with the TypeScript compiler and:
 * - a drizzle chain `.select().from(T)`, `.update(T)` or `.delete(T)` needs a `.where(...)` that mentions
 *   `T.tenantId` (through a local condition variable too); a `.innerJoin(U, on)` / `.leftJoin(U, on)` on a
 *   tenant table needs `U.tenantId` in its `on` or in the `where`;
 * - `.insert(T).values(...)` needs `tenantId` in its values;
 * - a `sql` template that names a tenant table (`${T}`, or its plain SQL name after from / join / update /
 *   into) needs `tenant_id` (or `${T.tenantId}`) after its `where` (an insert: anywhere in it).
 * A static check rather than a logger on the test database: it covers every statement, also those no test
 * runs (the seed, erasure, failure paths), and it names the file and the statement. The exceptions below
 * are explicit; an exception that no longer matches anything fails too, so the list cannot rot, and so does
 * a run that finds too few statements (a parser that silently matches nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import * as schema from '@/lib/server/db/schema';

const ROOT = path.resolve(__dirname, '../..');
const SCHEMA_MODULE = '@/lib/server/db/schema';
const SCHEMA_FILE = 'lib/server/db/schema';

type Exception = { file: string; contains: string; reason: string };

/**
 * Justified statements without a tenant condition: `file` (from the repository root) and a snippet of the
 * statement's text (whitespace collapsed) that identifies it.
 */
const EXCEPTIONS: Exception[] = [
  {
    file: 'lib/server/notifications/worker.ts',
    contains: 'select tenant_id, id from outbox where ${due}',
    reason: "the delivery worker's cross-tenant read of due rows by design; each claim that follows is per tenant",
  },
  {
    file: 'lib/server/notifications/reminders.ts',
    contains: '.where(dueAt(now))',
    reason: "the reminder scan's cross-tenant read (no locks) of due appointments by design; its joins stay within the row's tenant, and every lock and write that follows is per tenant",
  },
  {
    file: 'lib/server/notifications/confirmations.ts',
    contains: '.where(and(dueAt(at), eq(tenants.confirmationEnabled, true)))',
    reason: "the confirm-or-release scan's cross-tenant read (no locks) of due appointments by design, as the reminder scan's; every lock and write that follows is per tenant",
  },
  {
    file: 'lib/server/repositories/waitlist-offers.ts',
    contains: '.where(lte(waitlistOpenings.nextStepAt, new Date(now)))',
    reason: "the waitlist job's cross-tenant read (no locks) of due openings by design, as the reminder scan's; each opening is then locked and offered per tenant",
  },
  {
    file: 'lib/server/notifications/weekly-summary.ts',
    contains: ".where(and(eq(tenants.weeklySummaryEmail, true), eq(users.role, 'admin'), isNull(users.deletedAt)))",
    reason: "the Monday job's cross-tenant read (no locks) of the admins of tenants with the e-mail on, as the reminder scan's; each tenant's figures and e-mails follow per tenant",
  },
  {
    file: 'lib/server/repositories/whatsapp.ts',
    contains: '.where(lt(whatsappWebhookEvents.receivedAt, before))',
    reason: "the periodic sweep of old WhatsApp webhook events in every tenant by design (rows nobody reads again)",
  },
  {
    file: 'lib/server/notifications/worker.ts',
    contains: 'where ${claimed}',
    reason: '`settle` receives `claimed`, a condition built by its caller that starts with `tenant_id = ${row.tenant_id}`',
  },
];

/** Tenant tables: export name -> SQL name. */
const TENANT_TABLES = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (is(value, PgTable) && getTableConfig(value).columns.some((c) => c.name === 'tenant_id')) {
    TENANT_TABLES.set(name, getTableConfig(value).name);
  }
}
const SQL_NAMES = [...TENANT_TABLES.values()];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

type Finding = { file: string; line: number; text: string; problem: string };

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** True when an import of `file` names the schema module (`@/lib/server/db/schema` or a relative path to it). */
function isSchemaModule(file: string, spec: string): boolean {
  if (spec === SCHEMA_MODULE) return true;
  return spec.startsWith('.') && path.join(path.dirname(file), spec).replace(/\.ts$/, '') === SCHEMA_FILE;
}

/** Local names bound to tenant tables in a file: imports from the schema (renamed too) and `alias(T, ...)`. */
function tenantLocals(sf: ts.SourceFile): Set<string> {
  const locals = new Set<string>();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && isSchemaModule(sf.fileName, st.moduleSpecifier.text)) {
      const bindings = st.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          if (TENANT_TABLES.has((el.propertyName ?? el.name).text)) locals.add(el.name.text);
        }
      }
    }
  }
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'alias' &&
      node.initializer.arguments[0] &&
      ts.isIdentifier(node.initializer.arguments[0]) &&
      locals.has(node.initializer.arguments[0].text)
    ) {
      locals.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return locals;
}

/** The method calls after `call` in its chain (`call.a(...).b(...)`), as [name, call]. */
function chainAfter(call: ts.CallExpression): [string, ts.CallExpression][] {
  const out: [string, ts.CallExpression][] = [];
  let node: ts.Node = call;
  while (
    node.parent &&
    ts.isPropertyAccessExpression(node.parent) &&
    node.parent.expression === node &&
    node.parent.parent &&
    ts.isCallExpression(node.parent.parent) &&
    node.parent.parent.expression === node.parent
  ) {
    out.push([node.parent.name.text, node.parent.parent]);
    node = node.parent.parent;
  }
  return out;
}

/** The outermost call of the chain `call` belongs to (the whole statement's expression). */
function chainTop(call: ts.CallExpression): ts.Node {
  const chain = chainAfter(call);
  return chain.length ? chain[chain.length - 1]![1] : call;
}

/** The initializer of a `const name = ...` visible from `at` (searched in enclosing blocks and the file). */
function constInitializer(name: string, at: ts.Node): ts.Expression | undefined {
  for (let scope: ts.Node | undefined = at.parent; scope; scope = scope.parent) {
    let found: ts.Expression | undefined;
    const visit = (n: ts.Node) => {
      if (found) return;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) found = n.initializer;
      else if (!ts.isFunctionLike(n) || n === scope) ts.forEachChild(n, visit);
    };
    ts.forEachChild(scope, visit);
    if (found) return found;
  }
  return undefined;
}

/** The body of a function `name` declared in the file of `at` (`function name` or `const name = (...) =>`). */
function localFunctionBody(name: string, at: ts.Node): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isFunctionDeclaration(n) && n.name?.text === name && n.body) found = n.body;
    else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer && ts.isArrowFunction(n.initializer)) found = n.initializer.body;
    else ts.forEachChild(n, visit);
  };
  visit(at.getSourceFile());
  return found;
}

/**
 * True when `expr` mentions `<table>.tenantId` or a raw `tenant_id`, following local const conditions and
 * calls of condition helpers declared in the same file (`clientFilter(tenantId, terms)`).
 */
function mentionsTenant(expr: ts.Node, table: string, depth = 0): boolean {
  let hit = false;
  const visit = (n: ts.Node) => {
    if (hit) return;
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'tenantId' && ts.isIdentifier(n.expression) && n.expression.text === table) hit = true;
    else if ((ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n) || ts.isStringLiteral(n)) && /\btenant_id\b/.test(n.text)) hit = true;
    else if (ts.isIdentifier(n) && depth < 3 && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
      const init = constInitializer(n.text, n);
      if (init && init !== expr && mentionsTenant(init, table, depth + 1)) hit = true;
    } else if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && depth < 3) {
      const body = localFunctionBody(n.expression.text, n);
      if (body && mentionsTenant(body, table, depth + 1)) hit = true;
    }
    if (!hit) ts.forEachChild(n, visit);
  };
  visit(expr);
  return hit;
}

/** True when `expr` mentions a `tenantId` property or identifier (the values of an insert). */
function hasTenantIdName(expr: ts.Node, depth = 0): boolean {
  let hit = false;
  const visit = (n: ts.Node) => {
    if (hit) return;
    if (ts.isIdentifier(n) && n.text === 'tenantId') hit = true;
    else if (ts.isIdentifier(n) && depth < 3) {
      const init = constInitializer(n.text, n);
      if (init && hasTenantIdName(init, depth + 1)) hit = true;
    }
    if (!hit) ts.forEachChild(n, visit);
  };
  visit(expr);
  return hit;
}

/** The raw text of a `sql` template, with `${expr}` kept as written. */
function templateText(t: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(t)) return t.text;
  return t.head.text + t.templateSpans.map((s) => '${' + s.expression.getText() + '}' + s.literal.text).join('');
}

const RAW_TABLE = new RegExp(`\\b(from|join|update|into)\\s+"?(${SQL_NAMES.join('|')})"?(?![\\w.])`, 'i');

/** Statements looked at (all files), so a parser that silently matches nothing fails. */
let checked = 0;

function check(file: string): Finding[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const locals = tenantLocals(sf);
  const findings: Finding[] = [];
  const report = (node: ts.Node, problem: string) =>
    findings.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: collapse(node.getText()), problem });

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const arg = node.arguments[0];
      const table = arg && ts.isIdentifier(arg) && locals.has(arg.text) ? arg.text : undefined;
      if (table && (method === 'from' || method === 'update' || method === 'delete')) {
        checked++;
        const chain = chainAfter(node);
        const wheres = chain.filter(([m]) => m === 'where').flatMap(([, c]) => [...c.arguments]);
        if (!wheres.some((w) => mentionsTenant(w, table))) report(chainTop(node), `${method}(${table}) without ${table}.tenantId in its where`);
        for (const [m, join] of chain) {
          const joined = join.arguments[0];
          if (!/^(inner|left|right|full)Join$/.test(m) || !joined || !ts.isIdentifier(joined) || !locals.has(joined.text)) continue;
          if (!join.arguments[1] || !(mentionsTenant(join.arguments[1], joined.text) || wheres.some((w) => mentionsTenant(w, joined.text)))) {
            report(chainTop(node), `${m}(${joined.text}) without ${joined.text}.tenantId in its on or where`);
          }
        }
      }
      if (table && method === 'insert') {
        checked++;
        const values = chainAfter(node).find(([m]) => m === 'values')?.[1];
        if (!values || !values.arguments[0] || !hasTenantIdName(values.arguments[0])) report(chainTop(node), `insert(${table}) without tenantId in its values`);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const t = node.template;
      const spans = ts.isTemplateExpression(t) ? t.templateSpans : [];
      const text = templateText(t);
      const named = spans.map((s) => s.expression).find((e) => ts.isIdentifier(e) && locals.has(e.text)) as ts.Identifier | undefined;
      const raw = RAW_TABLE.exec(text);
      if (named || raw) {
        checked++;
        const insert = /^\s*insert\b/i.test(text);
        const where = insert ? text : text.slice(Math.max(0, text.search(/\bwhere\b/i)));
        const scoped = /\bwhere\b/i.test(text) || insert ? /\btenant_id\b|\.tenantId\}/.test(where) : false;
        if (!scoped) report(node, `sql naming ${named ? named.text : raw![2]} without tenant_id in its where`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

describe('tenant scoping of statements', () => {
  const files = [...sourceFiles('lib/server'), ...sourceFiles('app/api')];

  it('finds the tenant tables in the schema', () => {
    expect(TENANT_TABLES.get('appointments')).toBe('appointments');
    expect(TENANT_TABLES.get('outbox')).toBe('outbox');
    expect(TENANT_TABLES.has('tenants')).toBe(false);
    expect(TENANT_TABLES.has('rateLimits')).toBe(false);
    expect(files.length).toBeGreaterThan(20);
  });

  const findings = files.flatMap(check);
  const excepted = (f: Finding) => EXCEPTIONS.find((e) => e.file === f.file && f.text.includes(e.contains));

  it('every statement on a tenant table names tenant_id', () => {
    expect(checked).toBeGreaterThan(100);
    const offenders = findings.filter((f) => !excepted(f)).map((f) => `${f.file}:${f.line} ${f.problem}\n    ${f.text.slice(0, 240)}`);
    expect(offenders).toEqual([]);
  });

  it('every exception still matches a statement', () => {
    const unused = EXCEPTIONS.filter((e) => !findings.some((f) => excepted(f) === e)).map((e) => `${e.file}: ${e.contains}`);
    expect(unused).toEqual([]);
  });
});
