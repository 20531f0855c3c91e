// An ESLint rule: no module may reach itself through relative static imports, type-only imports
// included. import-x/no-cycle skips `import type`, which compiles away, but a type cycle is still a
// layering circle (context.ts -> services/count-cache.ts -> services/benchmarks.ts -> context.ts was
// one). Dynamic `import()` is not an edge: it is a deliberate split point (React.lazy), loaded later.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** Relative imports of a file, resolved to files, read once per file version. */
const importsCache = new Map();

function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** The module specifiers of a file's `import … from` and `export … from` statements. */
function staticImports(file, source) {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of parsed.statements) {
    const from =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
    if (from && ts.isStringLiteral(from)) specifiers.push(from.text);
  }
  return specifiers;
}

function importsOf(file, text) {
  const mtimeMs = text === undefined ? fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs : -1;
  const cached = importsCache.get(file);
  if (text === undefined && cached && cached.mtimeMs === mtimeMs) return cached.imports;
  let source = text;
  if (source === undefined) {
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      return [];
    }
  }
  const imports = [];
  for (const specifier of staticImports(file, source)) {
    if (!specifier.startsWith('.')) continue;
    const resolved = resolveRelative(file, specifier);
    if (resolved) imports.push({ specifier, file: resolved });
  }
  if (text === undefined) importsCache.set(file, { mtimeMs, imports });
  return imports;
}

/** A path of files from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length > 0) {
    const route = queue.shift();
    for (const next of importsOf(route[route.length - 1])) {
      if (next.file === target) return route;
      if (seen.has(next.file)) continue;
      seen.add(next.file);
      queue.push([...route, next.file]);
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports (type-only ones included) that lead back to the importing module.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    return {
      Program(program) {
        const root = context.cwd;
        const own = importsOf(file, context.sourceCode.text);
        for (const { specifier, file: imported } of own) {
          const route = pathBack(imported, file);
          if (!route) continue;
          const node =
            program.body.find(
              (statement) =>
                (statement.type === 'ImportDeclaration' ||
                  statement.type === 'ExportNamedDeclaration' ||
                  statement.type === 'ExportAllDeclaration') &&
                statement.source?.value === specifier,
            ) ?? program;
          const names = [file, ...route, file].map((f) => path.relative(root, f));
          context.report({ node, messageId: 'cycle', data: { route: names.join(' -> ') } });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
