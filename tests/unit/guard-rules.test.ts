import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GuardRule } from '../../machines/shared/guard-rules';
import { findFlows, loadMachine } from '../../scripts/statechart/flows';
import { statechartGraph } from '../../src/views/flows/statechart-graph';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ruleNumbers = new Set(
  [
    ...readFileSync(join(root, 'docs/product-rules.md'), 'utf8').matchAll(
      /^- \*\*(R\d+\.\d+)\*\*/gm,
    ),
  ].map((match) => match[1]),
);

describe('guard rules: every guard in words with its product rules (product rule R15.2)', () => {
  for (const flow of findFlows(root)) {
    it(`${flow.name}: describes each guard of its setup, citing rules that exist`, async () => {
      const machine = await loadMachine(flow, root);
      const module = (await import(
        pathToFileURL(join(root, `machines/${flow.name}/${flow.name}.guard-rules.ts`)).href
      )) as { guardRules: Record<string, GuardRule> };
      const { guardRules } = module;

      expect(Object.keys(guardRules).sort()).toEqual(
        Object.keys(machine.implementations.guards).sort(),
      );
      for (const [name, rule] of Object.entries(guardRules)) {
        expect(rule.says.trim(), name).not.toBe('');
        expect(rule.rules.length, `${name} cites no rule`).toBeGreaterThan(0);
        for (const number of rule.rules)
          expect(ruleNumbers.has(number), `${name} cites ${number}`).toBe(true);
      }
      // Each guard a transition reads (inside and/or/not too) is one of those described.
      const read = statechartGraph(machine).transitions.flatMap((t) => t.guardNames);
      expect(read.filter((name) => !(name in guardRules))).toEqual([]);
    });
  }
});
