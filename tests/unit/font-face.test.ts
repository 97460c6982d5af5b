import { readFileSync } from 'node:fs';
import arial from '@capsizecss/metrics/arial';
import figtree from '@capsizecss/metrics/figtree';
import { describe, expect, it } from 'vitest';

const fontsCss = readFileSync(new URL('../../src/styles/fonts.css', import.meta.url), 'utf8');
const tokensCss = readFileSync(new URL('../../src/styles/tokens.css', import.meta.url), 'utf8');

/** Each @font-face block's declarations, by property. */
function fontFaces(css: string): Record<string, string>[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) =>
    Object.fromEntries(
      (body ?? '')
        .split(';')
        .map((declaration) => declaration.trim())
        .filter(Boolean)
        .map((declaration) => {
          const colon = declaration.indexOf(':');
          return [
            declaration.slice(0, colon).trim(),
            declaration
              .slice(colon + 1)
              .replace(/\s+/g, ' ')
              .trim(),
          ];
        }),
    ),
  );
}

const percent = (value: string | undefined) => Number(value?.replace('%', ''));
const face = (family: string) =>
  fontFaces(fontsCss).find((rule) => rule['font-family']?.replace(/['"]/g, '') === family);

describe('the typeface (product rule R14.2)', () => {
  it('is Figtree, self-hosted: the Latin subset only, shown with font-display: swap', () => {
    const figtreeFace = face('Figtree Variable');
    expect(figtreeFace).toBeDefined();
    expect(figtreeFace?.src).toMatch(/figtree-latin-wght-normal\.woff2/);
    expect(figtreeFace?.src).not.toMatch(/latin-ext|https?:/);
    expect(figtreeFace?.['font-display']).toBe('swap');
    expect(figtreeFace?.['font-weight']).toBe('300 900');
    expect(figtreeFace?.['unicode-range']).toMatch(/^U\+0000-00FF,/);
    expect(fontFaces(fontsCss)).toHaveLength(2);
  });

  it('has a metric-matched Arial fallback, its overrides computed from the real metrics', () => {
    const fallback = face('Figtree fallback');
    expect(fallback?.src).toMatch(/local\('Arial'\)/);
    const sizeAdjust =
      figtree.xWidthAvg / figtree.unitsPerEm / (arial.xWidthAvg / arial.unitsPerEm);
    const expected = {
      'size-adjust': sizeAdjust * 100,
      'ascent-override': (figtree.ascent / figtree.unitsPerEm / sizeAdjust) * 100,
      'descent-override': (Math.abs(figtree.descent) / figtree.unitsPerEm / sizeAdjust) * 100,
      'line-gap-override': (figtree.lineGap / figtree.unitsPerEm / sizeAdjust) * 100,
    };
    for (const [property, value] of Object.entries(expected)) {
      expect(fallback?.[property], property).toMatch(/%$/);
      expect(percent(fallback?.[property]), property).toBeCloseTo(value, 1);
    }
  });

  it('is the font the tokens name, the fallback second', () => {
    expect(tokensCss).toMatch(
      /--font-sans:\s*'Figtree Variable',\s*'Figtree fallback',\s*system-ui,\s*sans-serif;/,
    );
  });
});
