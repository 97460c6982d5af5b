/** What the menu rules read of a weekly menu product (product rule R7.16). */
export interface MenuRulesProduct {
  /** The catalogue's numeric product id, as a string ("12"). */
  id: string;
  productType: string;
  tags: readonly string[];
}

export const HIDE_FROM_MENU_TAG = 'hide-from-menu';

/** Product rule R7.4: section labels. */
export const MENU_SECTIONS = [
  { tag: 'specials', label: "This Week's Specials" },
  { tag: 'favourites', label: 'Customer Favourites' },
] as const;

/** Product rule R7.4: the section filter hides these from the main list (they have their own place). */
export const SECTION_FILTER_HIDDEN_TAGS = ['favourites', 'accompaniments', 'desserts', 'kids'];

/** Product rule R7.5: dietary tag filter groups, in the rule's order. */
export const DIETARY_GROUPS = [
  { tag: 'meat-fish', label: 'Meat & Fish' },
  { tag: 'free-from', label: 'Free From' },
  { tag: 'vegetarian', label: 'Vegetarian' },
  { tag: 'kids', label: 'Kids' },
  { tag: 'sides', label: 'Sides' },
  { tag: 'desserts', label: 'Desserts' },
  { tag: 'bundles', label: 'Bundles' },
  { tag: 'create-your-own', label: 'Create Your Own' },
] as const;

export type DietaryGroup = (typeof DIETARY_GROUPS)[number]['tag'];

/**
 * Product rule R7.3: hidden when tagged hide-from-menu or of type gift box; a bundle shows only
 * when it is in the allowed list (GET bundles).
 */
export function isVisibleOnMenu(
  product: MenuRulesProduct,
  allowedBundleIds: ReadonlySet<string>,
): boolean {
  if (product.tags.includes(HIDE_FROM_MENU_TAG)) return false;
  if (product.productType === 'Gift Box') return false;
  if (product.productType === 'Bundle') return allowedBundleIds.has(product.id);
  return true;
}

/** The section filter: the main list leaves out favourites, accompaniments, desserts and kids. */
export const passesSectionFilter = (product: MenuRulesProduct) =>
  !product.tags.some((tag) => SECTION_FILTER_HIDDEN_TAGS.includes(tag));

/** No group chosen shows everything; otherwise a product in any chosen group. */
export const matchesDietaryGroups = (product: MenuRulesProduct, groups: readonly DietaryGroup[]) =>
  groups.length === 0 || groups.some((group) => product.tags.includes(group));

export interface MenuSection<P> {
  key: string;
  label: string;
  products: P[];
}

/**
 * The menu as the customer sees it: the visible products in the chosen groups, split into the
 * labelled sections (specials, favourites), the main recipes (after the section filter), then
 * kids, accompaniments and desserts. Empty sections are left out.
 */
export function menuSections<P extends MenuRulesProduct>(
  products: readonly P[],
  allowedBundleIds: ReadonlySet<string>,
  groups: readonly DietaryGroup[] = [],
): MenuSection<P>[] {
  const shown = products.filter(
    (product) =>
      isVisibleOnMenu(product, allowedBundleIds) && matchesDietaryGroups(product, groups),
  );
  const tagged = (tag: string) => shown.filter((product) => product.tags.includes(tag));
  const sections: MenuSection<P>[] = [
    { key: 'specials', label: MENU_SECTIONS[0].label, products: tagged('specials') },
    { key: 'favourites', label: MENU_SECTIONS[1].label, products: tagged('favourites') },
    {
      key: 'recipes',
      label: 'Recipes',
      products: shown.filter(
        (product) =>
          passesSectionFilter(product) &&
          !product.tags.includes('specials') &&
          product.productType !== 'Add-on',
      ),
    },
    { key: 'kids', label: 'Kids', products: tagged('kids') },
    {
      key: 'add-ons',
      label: 'Sides, desserts and drinks',
      products: shown.filter(
        (product) =>
          (product.productType === 'Add-on' && !product.tags.includes('favourites')) ||
          ((product.tags.includes('accompaniments') || product.tags.includes('desserts')) &&
            !product.tags.includes('kids')),
      ),
    },
  ];
  return sections.filter((section) => section.products.length > 0);
}
