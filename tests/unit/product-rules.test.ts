import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code cites the product's rules by number (docs/product-rules.md). A citation of a rule that
 * does not exist, or of the outside spec's sections (which a clone does not have), fails here.
 */
const RULES_DOC = 'docs/product-rules.md';
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
]);
const SCANNED = /\.(ts|tsx|js|md|ya?ml|json|html|css)$/;
const SKIPPED_FILES = new Set(['package-lock.json']);

function repoFiles(dir = '.'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '.' ? entry.name : join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : repoFiles(path);
    return entry.isFile() && SCANNED.test(entry.name) && !SKIPPED_FILES.has(entry.name)
      ? [path]
      : [];
  });
}

const RULE_NUMBER = /\bR\d+\.\d+\b/g;
/** "spec section N", "Spec sections N and M", "spec §N", or one broken over comment lines. */
const SPEC_SECTION = /\bspec(?:'s)?[\s*/#-]*(?:sections?|§)\s*\d/i;
const SECTION_OF_SPEC = /\bsections? \d+ of the spec\b/i;
/** "the spec's constants (section N)" */
const SPECS_SECTION = /\bspec's\b[^.\n]*\(sections? \d/i;

const definitions = [...readFileSync(RULES_DOC, 'utf8').matchAll(/^- \*\*(R\d+\.\d+)\*\*/gm)].map(
  (match) => match[1]!,
);
const defined = new Set(definitions);
const files = repoFiles().map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('docs/product-rules.md', () => {
  it('defines each rule number once, numbered in order within its group', () => {
    expect(definitions.length).toBeGreaterThan(0);
    expect(new Set(definitions).size).toBe(definitions.length);
    const byGroup = new Map<string, number[]>();
    for (const rule of definitions) {
      const [group, number] = rule.slice(1).split('.');
      byGroup.set(group!, [...(byGroup.get(group!) ?? []), Number(number)]);
    }
    for (const numbers of byGroup.values())
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('defines every rule number the code, the tests and the docs cite', () => {
    const unknown = files.flatMap(({ path, text }) =>
      [...text.matchAll(RULE_NUMBER)]
        .map((match) => match[0])
        .filter((rule) => !defined.has(rule))
        .map((rule) => `${path}: ${rule}`),
    );
    expect(unknown).toEqual([]);
  });

  it('is cited instead of the outside spec: no "spec section" citation is left', () => {
    const left = files
      .filter(({ text }) =>
        [SPEC_SECTION, SECTION_OF_SPEC, SPECS_SECTION].some((re) => re.test(text)),
      )
      .map(({ path }) => path);
    expect(left).toEqual([]);
  });
});
