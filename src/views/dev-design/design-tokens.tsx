import { useState } from 'react';
import { contrastRatio, parseHexColour, AA_TEXT } from '../../../domain/contrast';
import { COLOUR_PAIRS } from '../../styles/colour-pairs';

export const COLOUR_TOKENS = [
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
  'link',
  'success',
  'success-soft',
  'danger',
  'danger-soft',
  'warning-soft',
  'focus',
] as const;
const TEXT_SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'];
const SPACES = [1, 2, 3, 4, 5, 6, 7, 8];
const RADII = ['sm', 'md', 'lg', 'pill'];
const SHADOWS = [1, 2, 3];

/** The tokens' live values, read from the page's own stylesheet (src/styles/tokens.css). */
function useTokenValues(names: readonly string[]): Record<string, string> {
  const [values] = useState(() => {
    const style = getComputedStyle(document.documentElement);
    return Object.fromEntries(
      names.map((name) => [name, style.getPropertyValue(`--${name}`).trim()]),
    );
  });
  return values;
}

const ratioText = (first?: string, second?: string) => {
  const a = first ? parseHexColour(first) : null;
  const b = second ? parseHexColour(second) : null;
  return a && b ? `${contrastRatio(a, b).toFixed(2)}:1` : '…';
};

function ColourSwatches() {
  const values = useTokenValues(COLOUR_TOKENS.map((name) => `color-${name}`));
  const paper = values['color-paper'];
  const surface = values['color-surface'];
  return (
    <ul className="design__swatches">
      {COLOUR_TOKENS.map((name) => {
        const value = values[`color-${name}`];
        return (
          <li key={name} className="design__swatch">
            <span
              className="design__chip"
              style={{ background: `var(--color-${name})` }}
              aria-hidden="true"
            />
            <code>--color-{name}</code>
            <span className="design__value">{value}</span>
            <span className="design__value">
              {ratioText(value, paper)} on paper · {ratioText(value, surface)} on surface
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ColourPairs() {
  const values = useTokenValues(COLOUR_TOKENS.map((name) => `color-${name}`));
  const resolve = (name: string) => (name.startsWith('#') ? name : values[`color-${name}`]);
  const css = (name: string) => (name.startsWith('#') ? name : `var(--color-${name})`);
  return (
    <table className="design__pairs">
      <caption>Every text and border pairing the components use (tested)</caption>
      <thead>
        <tr>
          <th scope="col">Sample</th>
          <th scope="col">Where</th>
          <th scope="col">Needs</th>
          <th scope="col">Ratio</th>
        </tr>
      </thead>
      <tbody>
        {COLOUR_PAIRS.map((pair) => (
          <tr key={`${pair.foreground}/${pair.background}/${pair.minimum}`}>
            <td>
              <span
                className="design__pair-sample"
                style={{
                  color: pair.minimum >= AA_TEXT ? css(pair.foreground) : 'var(--color-ink)',
                  background: css(pair.background),
                  borderColor: css(pair.minimum >= AA_TEXT ? pair.background : pair.foreground),
                }}
              >
                {pair.foreground} on {pair.background}
              </span>
            </td>
            <td>{pair.use}</td>
            <td>{pair.minimum}:1</td>
            <td>{ratioText(resolve(pair.foreground), resolve(pair.background))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DesignTokens() {
  return (
    <section aria-labelledby="design-tokens">
      <h2 id="design-tokens">Tokens</h2>
      <h3>Colour</h3>
      <ColourSwatches />
      <ColourPairs />
      <h3>Type scale</h3>
      <ul className="design__stack">
        {TEXT_SIZES.map((size) => (
          <li key={size} className="design__type-row">
            <code>--text-{size}</code>
            <span style={{ fontSize: `var(--text-${size})` }}>Pappardelle, made this morning</span>
          </li>
        ))}
        <li className="design__type-row">
          <code>--font-display</code>
          <span className="design__display">Fresh pasta, at your door</span>
        </li>
      </ul>
      <h3>Spacing</h3>
      <ul className="design__stack">
        {SPACES.map((space) => (
          <li key={space} className="design__type-row">
            <code>--space-{space}</code>
            <span
              className="design__bar"
              style={{ width: `var(--space-${space})` }}
              aria-hidden="true"
            />
          </li>
        ))}
      </ul>
      <h3>Radius</h3>
      <ul className="design__tiles">
        {RADII.map((radius) => (
          <li
            key={radius}
            className="design__tile"
            style={{ borderRadius: `var(--radius-${radius})` }}
          >
            <code>--radius-{radius}</code>
          </li>
        ))}
      </ul>
      <h3>Elevation</h3>
      <ul className="design__tiles">
        {SHADOWS.map((shadow) => (
          <li
            key={shadow}
            className="design__tile"
            style={{ boxShadow: `var(--shadow-${shadow})` }}
          >
            <code>--shadow-{shadow}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
