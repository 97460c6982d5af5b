import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColour } from '../../domain/contrast';
import { COLOUR_PAIRS } from '../../src/styles/colour-pairs';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const stripComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** Custom properties declared in a stylesheet: name (without --) to value. */
function declaredProperties(css: string): Map<string, string> {
  return new Map(
    [...stripComments(css).matchAll(/(?:^|[;{\s])--([\w-]+)\s*:\s*([^;}]+)/g)].map((match) => [
      match[1]!,
      match[2]!.trim(),
    ]),
  );
}

function cssFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return cssFiles(relative);
    return entry.name.endsWith('.css') ? [relative] : [];
  });
}

const tokens = declaredProperties(read('src/styles/tokens.css'));

/** A pair's colour: a token name ('ink' for --color-ink) or a literal '#hex'. */
function colour(name: string) {
  const value = name.startsWith('#') ? name : tokens.get(`color-${name}`);
  const rgb = value ? parseHexColour(value) : null;
  if (!rgb) throw new Error(`${name}: not a hex colour in tokens.css (${value})`);
  return rgb;
}

describe('design tokens (product rule R14.1)', () => {
  it('define every colour the tokens list names', () => {
    for (const name of [
      'ink',
      'ink-muted',
      'paper',
      'surface',
      'surface-sunken',
      'border',
      'border-strong',
      'brand',
      'brand-soft',
      'accent',
      'accent-hover',
      'accent-soft',
      'on-accent',
      'success',
      'success-soft',
      'danger',
      'danger-soft',
      'warning-soft',
      'focus',
      'link',
    ])
      expect(parseHexColour(tokens.get(`color-${name}`) ?? ''), name).not.toBeNull();
  });

  it.each(COLOUR_PAIRS)(
    '$foreground on $background ($use) meets $minimum:1',
    ({ foreground, background, minimum }) => {
      const ratio = contrastRatio(colour(foreground), colour(background));
      expect(ratio).toBeGreaterThanOrEqual(minimum);
    },
  );

  it('every var(--x) in src/**/*.css is defined (a fallback excuses an undefined one)', () => {
    const files = cssFiles('src');
    expect(files).toContain(path.join('src', 'styles', 'global.css'));
    const defined = new Set<string>();
    for (const file of files)
      for (const name of declaredProperties(read(file)).keys()) defined.add(name);
    const missing: string[] = [];
    for (const file of files) {
      for (const match of stripComments(read(file)).matchAll(/var\(\s*--([\w-]+)\s*(,)?/g)) {
        if (!defined.has(match[1]!) && !match[2]) missing.push(`${file}: --${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHexColour('#777')!, parseHexColour('#fff')!)).toBeCloseTo(4.48, 2);
    expect(parseHexColour('rgb(0 0 0)')).toBeNull();
  });
});
