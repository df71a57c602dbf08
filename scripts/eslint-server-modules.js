/**
 * Lint rules for the layers of the server (apps/server/src), see docs/ARCHITECTURE.md.
 *
 * - `no-import-cycle`: no import cycle, neither between server modules (a module is one folder
 *   modules/<name>/ and counts as one node, so trainings → delivery → trainings fails even when no
 *   two files import each other) nor between files. Type-only imports are erased at build time and
 *   are not counted, as in import-x/no-cycle.
 * - `no-foreign-queries`: a `*.queries.ts` file is read only by the files of its own folder (its
 *   module); another module goes through that module's service, or through lib/.
 *
 * The import graph of the other files is read once per lint run with a regular expression (the
 * project writes every relative import with its `.ts` extension); the linted file's own imports come
 * from its syntax tree. Tests are left out: nothing imports a test, so no test closes a cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SERVER_SRC = path.resolve(import.meta.dirname, '../apps/server/src');

const isTest = (file) => /\.test\.ts$/.test(file) || file.split(path.sep).includes('test');
const isServerFile = (file) => !path.relative(SERVER_SRC, file).startsWith('..');

/** The node a file is in the module graph: its module for files under modules/<name>/, else itself. */
function unitOf(file) {
  const parts = path.relative(SERVER_SRC, file).split(path.sep);
  return parts[0] === 'modules' && parts.length > 2 ? `modules/${parts[1]}` : parts.join('/');
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !isTest(full)) out.push(full);
  }
  return out;
}

/** `import … from '.'`, `export … from '.'`, `import '.'` and `import('.')`, with the clause before `from`. */
const IMPORT =
  /\b(?:(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** True when every name of an import clause is a type (`{ type A, type B }`). */
const onlyTypes = (clause) =>
  /^\{[\s,]*\}$/.test(clause.replace(/\btype\s+[\w$]+(\s+as\s+[\w$]+)?/g, '')) && /\btype\b/.test(clause);

let graph = null;

/** file → files it imports at run time, for every non-test file of the server. */
function fileGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(SERVER_SRC)) {
    const targets = new Set();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const [, typeKeyword, clause = '', specifier] = match;
      if (typeKeyword || onlyTypes(clause.trim())) continue;
      const target = resolveImport(file, specifier);
      if (target && !isTest(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

let moduleGraph = null;

/** module or outside file → the modules and outside files it imports at run time. */
function unitGraph() {
  if (moduleGraph) return moduleGraph;
  moduleGraph = new Map();
  for (const [file, targets] of fileGraph()) {
    const from = unitOf(file);
    if (!moduleGraph.has(from)) moduleGraph.set(from, new Set());
    for (const target of targets) if (unitOf(target) !== from) moduleGraph.get(from).add(unitOf(target));
  }
  return moduleGraph;
}

/** The shortest path of imports in `edges` from `start` to `goal`, or null. */
function pathBetween(edges, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const route = [];
      for (let at = node; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of edges.get(node) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return null;
}

/** Calls `check(node, target)` for every relative run-time import of the linted file. */
function runtimeImports(context, check) {
  const file = context.physicalFilename;
  const visit = (node, typeOnly) => {
    if (typeOnly || node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
    const target = resolveImport(file, node.source.value);
    if (target) check(node, target);
  };
  const importTypeOnly = (node) =>
    node.importKind === 'type' ||
    (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
  return {
    ImportDeclaration: (node) => visit(node, importTypeOnly(node)),
    ExportNamedDeclaration: (node) => visit(node, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => visit(node, node.exportKind === 'type'),
    ImportExpression: (node) => visit(node, false),
  };
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between server modules or files.' },
    messages: { cycle: 'Import cycle: {{route}}. Move what both need down to lib/ or to the lower module.' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!isServerFile(file) || isTest(file)) return {};
    const from = unitOf(file);
    return runtimeImports(context, (node, target) => {
      if (isTest(target)) return;
      // Between modules the module is the node; inside a module (and outside modules/) the file is.
      const route =
        unitOf(target) === from
          ? pathBetween(fileGraph(), target, file)?.map((f) => path.relative(SERVER_SRC, f))
          : pathBetween(unitGraph(), unitOf(target), from);
      if (!route) return;
      context.report({ node, messageId: 'cycle', data: { route: [route.at(-1), ...route].join(' → ') } });
    });
  },
};

const noForeignQueries = {
  meta: {
    type: 'problem',
    docs: { description: "A module reads another module's data through its service, not its queries file." },
    messages: {
      foreign:
        "'{{target}}' belongs to another module: go through that module's service (or lib/), not its queries file.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!isServerFile(file) || isTest(file)) return {};
    // Types of another module's rows count too: its queries file is private to its module.
    const check = (node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const target = resolveImport(file, node.source.value);
      if (!target?.endsWith('.queries.ts') || path.dirname(target) === path.dirname(file)) return;
      context.report({ node, messageId: 'foreign', data: { target: path.relative(SERVER_SRC, target) } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default {
  meta: { name: 'vigil-server-modules' },
  rules: { 'no-import-cycle': noImportCycle, 'no-foreign-queries': noForeignQueries },
};
