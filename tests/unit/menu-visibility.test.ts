import { describe, expect, it } from 'vitest';
import {
  DIETARY_GROUPS,
  isVisibleOnMenu,
  matchesDietaryGroups,
  MENU_SECTIONS,
  menuSections,
  passesSectionFilter,
  type MenuRulesProduct,
} from '../../domain/menu-visibility';

const product = (id: string, productType: string, tags: string[] = []): MenuRulesProduct => ({
  id,
  productType,
  tags,
});
const allowed = new Set(['41']);

describe('menu visibility (product rule R7.3)', () => {
  it('hides hide-from-menu products and gift boxes', () => {
    expect(isVisibleOnMenu(product('1', 'Recipe Kit', ['hide-from-menu']), allowed)).toBe(false);
    expect(isVisibleOnMenu(product('51', 'Gift Box'), allowed)).toBe(false);
    expect(isVisibleOnMenu(product('1', 'Recipe Kit', ['vegetarian']), allowed)).toBe(true);
  });

  it('shows a bundle only when it is in the allowed list', () => {
    expect(isVisibleOnMenu(product('41', 'Bundle'), allowed)).toBe(true);
    expect(isVisibleOnMenu(product('42', 'Bundle'), allowed)).toBe(false);
  });

  it('the section filter hides favourites, accompaniments, desserts and kids', () => {
    for (const tag of ['favourites', 'accompaniments', 'desserts', 'kids'])
      expect(passesSectionFilter(product('1', 'Recipe Kit', [tag]))).toBe(false);
    expect(passesSectionFilter(product('1', 'Recipe Kit', ['meat-fish']))).toBe(true);
  });

  it('has the labels of product rules R7.4 and R7.5 for groups and sections', () => {
    expect(DIETARY_GROUPS.map((g) => g.label)).toEqual([
      'Meat & Fish',
      'Free From',
      'Vegetarian',
      'Kids',
      'Sides',
      'Desserts',
      'Bundles',
      'Create Your Own',
    ]);
    expect(MENU_SECTIONS.map((s) => s.label)).toEqual([
      "This Week's Specials",
      'Customer Favourites',
    ]);
  });

  it('filters by any chosen dietary group; none chosen shows all', () => {
    const veg = product('1', 'Recipe Kit', ['vegetarian']);
    expect(matchesDietaryGroups(veg, [])).toBe(true);
    expect(matchesDietaryGroups(veg, ['meat-fish', 'vegetarian'])).toBe(true);
    expect(matchesDietaryGroups(veg, ['meat-fish'])).toBe(false);
  });

  it('splits the menu into labelled sections, leaving hidden products and empty sections out', () => {
    const sections = menuSections(
      [
        product('1', 'Recipe Kit', ['specials', 'meat-fish']),
        product('2', 'Recipe Kit', ['favourites', 'vegetarian']),
        product('3', 'Recipe Kit', ['vegetarian']),
        product('4', 'Recipe Kit', ['hide-from-menu']),
        product('34', 'Add-on', ['desserts']),
      ],
      allowed,
    );

    expect(sections.map((s) => [s.label, s.products.map((p) => p.id)])).toEqual([
      ["This Week's Specials", ['1']],
      ['Customer Favourites', ['2']],
      ['Recipes', ['3']],
      ['Sides, desserts and drinks', ['34']],
    ]);
  });
});
