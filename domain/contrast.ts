/**
 * Colour contrast as WCAG 2.2 defines it: relative luminance of sRGB colours and their ratio.
 * Product rule R14.1: text meets 4.5:1 on its background, control borders 3:1.
 */
export type Rgb = readonly [number, number, number];

/** #rgb or #rrggbb to its three channels (0-255); null for anything else. */
export function parseHexColour(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
}

export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(first: Rgb, second: Rgb): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** WCAG AA minimums: body text, large text (24 px, or 18.66 px bold) and UI component edges. */
export const AA_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;
export const AA_NON_TEXT = 3;
