import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
/** The owners of each table file's writes: TABLE_OWNERS and SHARED_TABLES of the boundary checker. */
const { tableOwners } = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  tableOwners: Record<string, readonly string[]>;
};
/** backups restores every table of a laboratory. */
const WRITES_EVERY_TABLE = 'backups';
const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)/gi;

interface TableWrite {
  module: string;
  /** The table's name in SQL, and the db/schema file that declares it. */
  table: string;
  file: string;
  at: string;
}

const typeScriptFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));

/** The SQL name of a drizzle table (its type's `_.name`), whatever the expression that holds it. */
function tableNameOf(checker: ts.TypeChecker, node: ts.Node): string | undefined {
  const meta = checker.getTypeAtLocation(node).getProperty('_');
  const name = meta && checker.getTypeOfSymbolAtLocation(meta, node).getProperty('name');
  const type = name && checker.getTypeOfSymbolAtLocation(name, node);
  return type?.isStringLiteral() ? type.value : undefined;
}

const isWriteCall = (
  node: ts.Node,
): node is ts.CallExpression & { expression: ts.PropertyAccessExpression } =>
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  WRITE_METHODS.has(node.expression.name.text) &&
  node.arguments.length === 1;

function forEachNode(file: ts.SourceFile, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node) => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  walk(file);
}

/** The name a call is made by: `f(…)` or `x.f(…)`. */
const calledName = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : call.expression.getText();

/** The function a call runs, as declared (through imports). */
function calleeOf(checker: ts.TypeChecker, call: ts.CallExpression): ts.Node | undefined {
  const symbol = checker.getSymbolAtLocation(call.expression);
  const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return target?.valueDeclaration;
}

/**
 * The write helpers (lib/concurrency.ts's updateIfUnchanged): for each function of the server that
 * inserts, updates or deletes a table it is given, the positions of those parameters. A module
 * calling one with a table writes that table.
 */
function writingParameters(checker: ts.TypeChecker, files: ts.SourceFile[]): Map<ts.Node, number[]> {
  const writers = new Map<ts.Node, number[]>();
  for (const file of files)
    forEachNode(file, (node) => {
      if (!isWriteCall(node)) return;
      const [argument] = node.arguments;
      const declaration = argument && checker.getSymbolAtLocation(argument)?.valueDeclaration;
      if (!declaration || !ts.isParameter(declaration)) return;
      const owner = declaration.parent;
      writers.set(owner, [...(writers.get(owner) ?? []), owner.parameters.indexOf(declaration)]);
    });
  return writers;
}

const modulesOf = (serverSrc: string) => typeScriptFiles(path.join(serverSrc, 'modules'));
const schemaOf = (serverSrc: string) => path.join(serverSrc, 'db/schema');

/** One program for the server source trees (`src/`) given: their modules and their table files. */
const programOf = (trees: string[]) =>
  ts.createProgram(
    trees.flatMap((tree) => [...modulesOf(tree), ...typeScriptFiles(schemaOf(tree))]),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
  );

/** Every write of a table by the modules of a server source tree, with the file of its table. */
function tableWrites(program: ts.Program, serverSrc: string): TableWrite[] {
  const checker = program.getTypeChecker();
  const inTree = (dir: string) =>
    program.getSourceFiles().filter((file) => file.fileName.startsWith(`${dir}/`));

  const fileOfTable = new Map<string, string>();
  for (const file of inTree(schemaOf(serverSrc))) {
    const module = checker.getSymbolAtLocation(file);
    for (const { valueDeclaration } of module ? checker.getExportsOfModule(module) : []) {
      const declared = valueDeclaration && ts.getNameOfDeclaration(valueDeclaration);
      const name = declared && tableNameOf(checker, declared);
      // The file that declares it, not index.ts, which exports them all again.
      if (name) fileOfTable.set(name, path.basename(declared.getSourceFile().fileName, '.ts'));
    }
  }
  const writers = writingParameters(checker, inTree(serverSrc));
  const writerNames = new Set(
    [...writers.keys()].map((writer) => ts.getNameOfDeclaration(writer as ts.Declaration)?.getText()),
  );

  const writes: TableWrite[] = [];
  for (const fileName of modulesOf(serverSrc)) {
    const file = program.getSourceFile(fileName);
    if (!file) continue;
    const module = path.relative(path.join(serverSrc, 'modules'), fileName).split(path.sep)[0] ?? '';
    const add = (table: string | undefined, node: ts.Node) => {
      const tableFile = table && fileOfTable.get(table);
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if (table && tableFile)
        writes.push({ module, table, file: tableFile, at: `${path.relative(serverSrc, fileName)}:${line}` });
    };
    forEachNode(file, (node) => {
      if (isWriteCall(node)) add(tableNameOf(checker, node.arguments[0] as ts.Expression), node);
      const callee =
        ts.isCallExpression(node) && writerNames.has(calledName(node)) ? calleeOf(checker, node) : undefined;
      for (const index of (callee && writers.get(callee)) ?? []) {
        const argument = (node as ts.CallExpression).arguments[index];
        if (argument) add(tableNameOf(checker, argument), node);
      }
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText(file) === 'sql') {
        const text = ts.isNoSubstitutionTemplateLiteral(node.template)
          ? node.template.text
          : [node.template.head.text, ...node.template.templateSpans.map((span) => span.literal.text)].join(
              ' ? ',
            );
        for (const [, table] of text.matchAll(SQL_WRITE)) add(table?.toLowerCase(), node);
      }
    });
  }
  return writes;
}

/** The writes a table's owners do not make. */
const offences = (writes: TableWrite[]) =>
  writes
    .filter(
      (write) => write.module !== WRITES_EVERY_TABLE && !tableOwners[write.file]?.includes(write.module),
    )
    .map((write) => `${write.at}: ${write.module} writes ${write.table} (db/schema/${write.file}.ts)`);

describe('the writes of tables', () => {
  const fixture = path.join(root, 'packages/server/test/fixtures/table-writes');
  const server = path.join(root, 'packages/server/src');
  let program: ts.Program;
  // Both trees in one program: drizzle's and the server's types are read once.
  beforeAll(() => {
    program = programOf([fixture, server]);
  }, 300_000);

  it('finds a module writing a table it does not own, however it names it', () => {
    expect(offences(tableWrites(program, fixture))).toEqual([
      'modules/beta/writes.ts:10: beta writes laboratories (db/schema/laboratories.ts)',
      'modules/beta/writes.ts:15: beta writes users (db/schema/users.ts)',
      'modules/beta/writes.ts:16: beta writes users (db/schema/users.ts)',
      'modules/beta/writes.ts:17: beta writes users (db/schema/users.ts)',
    ]);
  }, 120_000);

  it('holds every module of the server to the tables it owns, shared ones included', () => {
    const writes = tableWrites(program, server);
    // The check sees the writes it is about: auth's own, and laboratory's through updateIfUnchanged.
    expect(writes).toContainEqual(expect.objectContaining({ module: 'auth', table: 'users' }));
    expect(writes).toContainEqual(expect.objectContaining({ module: 'laboratory', table: 'laboratories' }));
    expect(offences(writes)).toEqual([]);
  }, 300_000);
});
