/** The two screen sizes every look-and-feel check runs at (issue 11): a phone and a desktop. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

export type SizeName = (typeof SIZES)[number]['name'];

/**
 * The sizes a journey runs at. A journey checks behaviour, which is the same at both sizes, so
 * `npm test` runs each at one: most at a phone's, some at a desktop's so both layouts are walked
 * end to end. The look checks (every-screen axe, layout shift, the `*-look` specs, navigation,
 * the recipe pickers) run at both. `E2E_ALL_SIZES=true` runs every journey at both sizes too.
 */
export const journeySizes = (size: SizeName) =>
  process.env.E2E_ALL_SIZES === 'true' ? SIZES : SIZES.filter((each) => each.name === size);
