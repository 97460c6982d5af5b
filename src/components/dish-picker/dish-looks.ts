import { useEffect, useState } from 'react';
import { DIETARY_GROUPS, MENU_SECTIONS } from '../../../domain/menu-visibility';
import { weekStart } from '../../../domain/weeks';
import { fetchWeeklyMenus } from '../../api/catalogue';

/** What a picker row shows of a dish beyond its name and price: its picture and key tags. */
export interface DishLook {
  imageUrl: string | null;
  /** At most two: its dietary groups (R7.5) first, then its section (special, favourite, R7.4). */
  tags: string[];
}

/** The tags a row names, most useful first: what the dish is, then where the menu puts it. */
const TAG_LABELS: readonly (readonly [string, string])[] = [
  ...DIETARY_GROUPS.map((group) => [group.tag, group.label] as const),
  [MENU_SECTIONS[0].tag, 'Special'],
  [MENU_SECTIONS[1].tag, 'Favourite'],
];

async function looksOfWeek(week: string): Promise<Map<string, DishLook>> {
  const looks = new Map<string, DishLook>();
  for (const product of (await fetchWeeklyMenus([week]))[0]?.products ?? []) {
    const tags = TAG_LABELS.filter(([tag]) => product.tags.includes(tag))
      .map(([, label]) => label)
      .slice(0, 2);
    for (const variant of product.variants)
      looks.set(variant.id, { imageUrl: product.featuredImageUrl, tags });
  }
  return looks;
}

/**
 * The pictures and tags of a delivery week's dishes, by variant id, from that week's catalogue
 * menu. The pickers wait for it (`settled`) before showing their rows, so a picture or tag
 * arriving later never moves the list (product rule R14.12); if the catalogue fails, the rows
 * show without them. A plain effect, not the query cache: these pages stay without it.
 */
export function useDishLooks(deliveryDate: string | undefined) {
  const week = deliveryDate ? weekStart(deliveryDate) : undefined;
  const [answer, setAnswer] = useState<{ week: string; looks?: Map<string, DishLook> }>();
  useEffect(() => {
    if (!week) return;
    let current = true;
    looksOfWeek(week).then(
      (looks) => current && setAnswer({ week, looks }),
      () => current && setAnswer({ week }),
    );
    return () => {
      current = false;
    };
  }, [week]);
  const settled = week === undefined || answer?.week === week;
  return { looks: settled ? answer?.looks : undefined, settled };
}
