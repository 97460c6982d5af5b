import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** File (relative to the root, with `/`) to the files it imports. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** A relative specifier as the bundler and tsc resolve it (extensionless, or a folder's index). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return EXTENSIONS.map((extension) => base + extension).find(
    (candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * Every .ts/.tsx under the folders and what each imports of them: static imports, re-exports,
 * `import type` and `import()` alike (a type-only cycle still ties the files' meaning together).
 * Package imports and non-source files (JSON) are leaves and left out.
 */
export function buildImportGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const name = (path: string) => relative(root, path).split('\\').join('/');
  for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== undefined)
      .map(name);
    graph.set(name(file), [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * Tarjan's strongly connected components: each component of more than one file, or a file that
 * imports itself, is a cycle. Each comes back as one closed walk through it, for the message.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const edges = (node: string) => graph.get(node) ?? [];

  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges(node)) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || edges(node).includes(node)) components.push(component);
  };

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => walkBack(graph, component));
}

/** The shortest way from the component's first file back to itself, inside the component. */
function walkBack(graph: ImportGraph, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const walk = [start];
        for (let at: string | undefined = node; at !== start && at; at = cameFrom.get(at)) {
          walk.splice(1, 0, at);
        }
        return [...walk, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
