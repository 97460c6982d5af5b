import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCycles, type ImportGraph } from './support/import-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));
const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds nothing in a graph without cycles', () => {
    const graph = graphOf({ a: ['b', 'c'], b: ['c'], c: [] });

    expect(findCycles(graph)).toEqual([]);
  });

  it('names a planted cycle as a walk from its first file back to it', () => {
    const graph = graphOf({ flow: ['step'], step: ['props'], props: ['flow'], leaf: [] });

    expect(findCycles(graph)).toEqual([['flow', 'step', 'props', 'flow']]);
  });

  it('finds a file that imports itself, and each cycle of a graph apart', () => {
    const graph = graphOf({ a: ['a'], b: ['c'], c: ['b', 'd'], d: [] });

    expect(findCycles(graph)).toEqual(
      expect.arrayContaining([
        ['a', 'a'],
        ['b', 'c', 'b'],
      ]),
    );
    expect(findCycles(graph)).toHaveLength(2);
  });
});

describe('the import graph', () => {
  const graph = buildImportGraph(root, [
    'src',
    'domain',
    'machines',
    'server',
    'openapi',
    'scripts',
  ]);

  it('resolves relative imports, type imports included', () => {
    // A type-only edge: the step views take their props' type from this module.
    expect(graph.get('src/views/auth/forgot-password-step.tsx')).toContain(
      'src/views/auth/auth-step-props.ts',
    );
    expect(graph.get('src/app/app.tsx')?.length).toBeGreaterThan(5);
  });

  it('has no import cycles', () => {
    const cycles = findCycles(graph).map((walk) => walk.join(' -> '));

    expect(cycles, 'import cycles (move what both sides need to a module of its own)').toEqual([]);
  });
});
