import { describe, expect, it } from 'vitest';
import {
  coverageOf,
  coveringPaths,
  describeEvent,
  generatePaths,
  type GeneratedPath,
} from '../../scripts/paths/generate';
import { pathModel as addressSearch } from '../machines/address-search/events';
import { pathModel as auth } from '../machines/auth/events';

const keyOf = (path: GeneratedPath) =>
  [path.entry, ...path.steps.map((step) => describeEvent(step.event, Infinity))].join(' | ');

describe.each([
  ['auth', auth],
  ['address-search', addressSearch],
])('the covering set of %s’s paths (what the real UI walks)', (_, model) => {
  const all = generatePaths(model, 'shortest');
  const covering = coveringPaths(model.machine, all);

  it('reaches every state and takes every transition the shortest paths do, with far fewer paths', () => {
    expect(coverageOf(model.machine, covering)).toEqual(coverageOf(model.machine, all));
    expect(covering.length).toBeLessThan(all.length / 3);
  });

  it('walks a shared prefix once: no path is the start of another', () => {
    const keys = covering.map(keyOf);
    for (const key of keys)
      expect(keys.filter((other) => other !== key && other.startsWith(`${key} | `))).toEqual([]);
  });
});
