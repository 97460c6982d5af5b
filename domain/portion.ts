/** Product rule R7.9: portion size is double unless the variant title contains Regular. */
export const isDoublePortion = (variantTitle: string) => !variantTitle.includes('Regular');

/** The double portion's discount against two singles, as a whole percentage (0 when none). */
export function doublePortionDiscountPercent(singlePrice: number, doublePrice: number): number {
  if (singlePrice <= 0) return 0;
  return Math.max(0, Math.round((1 - doublePrice / (2 * singlePrice)) * 100));
}
