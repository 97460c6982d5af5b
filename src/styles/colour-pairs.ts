import { AA_NON_TEXT, AA_TEXT } from '../../domain/contrast';

/**
 * Every foreground/background pairing the components use, with the contrast it must meet
 * (product rule R14.1). A token name ('ink') stands for --color-ink; a '#hex' is a literal the CSS
 * uses (white on the brand header). tests/unit/design-tokens.test.ts checks them against
 * tokens.css; /dev/design shows them with their ratio.
 */
export interface ColourPair {
  foreground: string;
  background: string;
  /** Where the pairing appears. */
  use: string;
  minimum: number;
}

const text = (foreground: string, background: string, use: string): ColourPair => ({
  foreground,
  background,
  use,
  minimum: AA_TEXT,
});
const edge = (foreground: string, background: string, use: string): ColourPair => ({
  foreground,
  background,
  use,
  minimum: AA_NON_TEXT,
});

export const COLOUR_PAIRS: ColourPair[] = [
  text('ink', 'paper', 'body text on the page'),
  text('ink', 'surface', 'text on cards, fields, dialogs'),
  text('ink', 'surface-sunken', 'neutral badge, secondary button hover, footer'),
  text('ink', 'brand-soft', 'notices'),
  text('ink', 'accent-soft', 'quiet button hover'),
  text('ink', 'success-soft', 'success text blocks'),
  text('ink', 'danger-soft', 'error notices'),
  text('ink', 'warning-soft', 'demo banner, warning notices, yellow tag'),
  text('ink', 'focus', 'focused links and the skip link'),
  text('ink-muted', 'paper', 'hints and secondary text on the page'),
  text('ink-muted', 'surface', 'hints on cards and fields, disabled labels'),
  text('ink-muted', 'surface-sunken', 'disabled buttons, neutral badge, footer'),
  text('ink-muted', 'brand-soft', 'hints inside notices'),
  text('link', 'paper', 'links'),
  text('link', 'surface', 'links on cards, quiet buttons'),
  text('link', 'accent-soft', 'quiet button hover'),
  text('link', 'brand-soft', 'links in notices'),
  text('on-accent', 'accent', 'primary button, checked checkbox tick'),
  text('on-accent', 'accent-hover', 'primary button hover'),
  text('accent', 'surface', 'quantity stepper signs'),
  text('accent-hover', 'accent-soft', 'accent badge'),
  text('success', 'success-soft', 'success badge, green tag'),
  text('success', 'surface', 'discount price row'),
  text('danger', 'surface', 'error messages, destructive button'),
  text('danger', 'paper', 'field errors on the page'),
  text('danger', 'danger-soft', 'destructive button hover'),
  text('paper', 'ink', 'toasts'),
  text('#ffffff', 'brand', 'header and confirmation panel'),
  text('brand', 'paper', "the landing hero's eyebrow"),
  text('#ffffff', 'ink-muted', 'sold-out badge'),
  edge('border-strong', 'surface', 'field, checkbox, radio and stepper borders'),
  edge('border-strong', 'paper', 'field borders on the page'),
  edge('accent', 'surface', 'checked checkbox and radio, selected tab'),
  edge('danger', 'surface', 'error field border'),
  edge('ink', 'surface', 'secondary button border'),
];
