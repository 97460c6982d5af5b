import { useQueries, useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { memo, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Actor } from 'xstate';
import type { recipeKitBasketMachine } from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import {
  allowedBundleIdsOf,
  fetchAllowedBundleIds,
  fetchWeeklyMenus,
  MENU_FETCH_FAILED,
  weeklyMenusFromData,
  type WeeklyMenu,
  type WeeklyMenuProduct,
} from '../../api/catalogue';
import { queryDataFromPage } from '../../api/settings-in-page';
import {
  menuHandle,
  weekMenuPageKey,
  type WeeklyMenusData,
} from '../../../domain/storefront-queries';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { useApplyKeptVoucher } from '../../components/apply-kept-voucher';
import { DishImage } from '../../components/ui/dish-image';
import { DIETARY_GROUPS, menuSections, type DietaryGroup } from '../../../domain/menu-visibility';
import { formatPrice } from '../../../domain/money';
import { weekName } from '../../../domain/recipe-kit-basket';
import { weekLabel } from '../../../domain/week-labels';
import { addDays, firstOrderableWeek, isWeekOpen, weekStart } from '../../../domain/weeks';
import { useKitBasketSignOut } from '../../session/kit-basket-session';
import { MENU_REFRESH_MS } from '../../../domain/menu-refresh';
import { HowItWorks } from './how-it-works';
import { KitBasketPanel } from './kit-basket-panel';
import { KitBoxBar } from './kit-box-bar';
import { liveRecipeKitBasketMachine } from './kit-basket-actors';
import { ProductDialog } from './product-dialog';
import { panelId, tabId, WeekTabs } from './week-tabs';
import './product-box.css';
import { fetchReviewSummary, reviewSummaryOf, type DishReviewSummary } from '../../api/rewards';
import { ratingSummaryText } from '../../../domain/rewards';

type KitBasketActor = Actor<typeof recipeKitBasketMachine>;

/** Weeks shown after the current one (the catalogue publishes menus six weeks ahead). */
const FUTURE_WEEKS = 5;

/** Product rule R7.17: the open weeks first, in date order, then the closed ones. */
const tabOrder = (weeks: readonly string[], now: Date) => [
  ...weeks.filter((week) => isWeekOpen(week, now)),
  ...weeks.filter((week) => !isWeekOpen(week, now)),
];

/**
 * Product rule R7.6: the current and previous weeks are preloaded and the first 2 orderable weeks
 * load first; the later weeks start once those have answered (in the background).
 */
function menuWeeks(now: Date) {
  const current = weekStart(now);
  const first = firstOrderableWeek(now);
  const all = [addDays(current, -7), current];
  for (let i = 1; i <= FUTURE_WEEKS; i += 1) all.push(addDays(current, 7 * i));
  const early = new Set([all[0], current, first, addDays(first, 7)]);
  return { all, first, early };
}

const NO_BUNDLES: ReadonlySet<string> = new Set();

const fetchWeek = async (week: string): Promise<WeeklyMenu | null> =>
  (await fetchWeeklyMenus([week]))[0] ?? null;

/** Product rule R14.14: the week the server drew the menu with comes in the page. */
const weekFromPage = (week: string) =>
  queryDataFromPage(
    weekMenuPageKey(week),
    (data: WeeklyMenusData) => weeklyMenusFromData([menuHandle(week)], data)[0] ?? null,
  );

/** Memoised: a basket or a later week arriving re-renders its panel, not every dish in it. */
const ProductCard = memo(function ProductCard({
  product,
  eager,
  review,
  onOpen,
}: {
  product: WeeklyMenuProduct;
  eager: boolean;
  /** Product rule R12.13: the dish's customer rating, when it has one. */
  review: DishReviewSummary | undefined;
  onOpen: (product: WeeklyMenuProduct) => void;
}) {
  const prices = product.variants.map((variant) => variant.price);
  return (
    <li className={`card kit-dish${product.availableForSale ? '' : ' product--sold-out'}`}>
      <DishImage
        src={product.featuredImageUrl}
        className="kit-dish__image"
        sizes="(max-width: 700px) 100vw, 280px"
        eager={eager}
      />
      <div className="kit-dish__body">
        <h4 className="product__title kit-dish__title">{product.title}</h4>
        {prices.length > 0 && (
          <p className="product__price">From {formatPrice(Math.min(...prices))}</p>
        )}
        {review && (
          <p className="kit-dish__rating">
            <span aria-hidden="true">
              ★ {review.averageRating.toFixed(1)} ({review.ratingCount})
            </span>
            <span className="visually-hidden">
              Rated {ratingSummaryText(review.averageRating, review.ratingCount)}
            </span>
          </p>
        )}
        {!product.availableForSale && <p className="product__badge">Sold out</p>}
        <button
          type="button"
          className="button button--secondary kit-dish__view"
          onClick={() => onOpen(product)}
        >
          View <span className="visually-hidden">{product.title}</span>
        </button>
      </div>
    </li>
  );
});

/** Memoised: a week's menu arriving re-renders that week's panel only. */
const WeekPanel = memo(function WeekPanel({
  week,
  menu,
  pending,
  failed,
  onRetry,
  allowedBundles,
  groups,
  basket,
  now,
  hidden,
}: {
  week: string;
  /** The week's menu query's answer as separate values, so an unchanged week keeps its props. */
  menu: WeeklyMenu | null | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => unknown;
  allowedBundles: ReadonlySet<string>;
  groups: DietaryGroup[];
  basket: KitBasketActor;
  now: Date;
  hidden: boolean;
}) {
  const [open, setOpen] = useState<WeeklyMenuProduct | null>(null);
  const idle = useSelector(basket, (s) =>
    s.can({ type: 'item.add', variantId: 'x', mealWeek: week }),
  );
  const weekIsOpen = isWeekOpen(week, now);
  const menuId = menu?.id;
  const reviews = useQuery({
    queryKey: ['review-summary', menuId],
    queryFn: () => fetchReviewSummary(menuId!),
    enabled: menuId !== undefined && !hidden,
    ...(menuId !== undefined &&
      queryDataFromPage(`/weekly_menus/${menuId}/review_summary`, reviewSummaryOf)),
  });
  const sections = useMemo(
    () => (menu ? menuSections(menu.products, allowedBundles, groups) : []),
    [menu, allowedBundles, groups],
  );
  // Product rule R14.16: a week's dishes are drawn once its tab is first opened, not as its menu
  // arrives in the background, so the later weeks never block a tap on the first one.
  const [opened, setOpened] = useState(!hidden);
  if (!hidden && !opened) setOpened(true);
  return (
    <div
      role="tabpanel"
      id={panelId(week)}
      aria-labelledby={tabId(week)}
      hidden={hidden}
      tabIndex={0}
    >
      {!weekIsOpen && (
        <p className="notice">
          Orders for {weekName(week)} have closed: you can browse its menu but not add to it.
        </p>
      )}
      {!opened ? null : failed ? (
        <div className="notice notice--error" role="alert">
          <p>{MENU_FETCH_FAILED}</p>
          <button type="button" className="button button--secondary" onClick={() => onRetry()}>
            Try again
          </button>
        </div>
      ) : pending ? (
        <p role="status">Loading the menu…</p>
      ) : !menu ? (
        <p>The menu for {weekName(week)} is not published yet.</p>
      ) : sections.length === 0 ? (
        <p>No dishes match your dietary choices this week.</p>
      ) : (
        sections.map((section, sectionIndex) => (
          <section key={section.key} aria-labelledby={`${week}-${section.key}`}>
            <h3 id={`${week}-${section.key}`}>{section.label}</h3>
            <ul className="dish-grid">
              {section.products.map((product, index) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  eager={sectionIndex === 0 && index < 3}
                  review={reviews.data?.get(product.id)}
                  onOpen={setOpen}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      <ProductDialog
        product={open}
        weekName={weekName(week)}
        canAdd={weekIsOpen && idle}
        onClose={() => setOpen(null)}
        onAdd={(variantId) => {
          basket.send({ type: 'item.add', variantId, mealWeek: week });
          setOpen(null);
        }}
      />
    </div>
  );
});

function DietaryFilter({
  groups,
  onChange,
}: {
  groups: DietaryGroup[];
  onChange: (groups: DietaryGroup[]) => void;
}) {
  return (
    <fieldset className="dietary-filter">
      <legend>Filter by dietary group</legend>
      {DIETARY_GROUPS.map((group) => (
        <div key={group.tag} className="checkbox">
          <input
            type="checkbox"
            id={`diet-${group.tag}`}
            checked={groups.includes(group.tag)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...groups, group.tag]
                  : groups.filter((tag) => tag !== group.tag),
              )
            }
          />
          <label htmlFor={`diet-${group.tag}`}>{group.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** /menu, the product box: the weekly menus as tabs, the dish view, and the box beside them. */
function ProductBoxPage() {
  useDocumentTitle('Menu');
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const { all, first, early } = useMemo(() => menuWeeks(now), [now]);
  const [selected, setSelected] = useState(first);
  const [groups, setGroups] = useState<DietaryGroup[]>([]);
  const basket = useActorRef(liveRecipeKitBasketMachine, {
    input: { tokenSignIn: false, onGiftBoxes: false },
  });
  useKitBasketSignOut(basket);
  useApplyKeptVoucher(basket, {
    hasVoucher: useSelector(basket, (s) => s.context.basket?.voucher != null),
    hasDishes: useSelector(basket, (s) => s.context.lines.length > 0),
  });
  const checkingOut = useSelector(basket, (s) => s.matches('checkingOut'));
  useEffect(() => {
    if (checkingOut) navigate('/checkout');
  }, [checkingOut, navigate]);

  const bundles = useQuery({
    queryKey: ['allowed-bundles'],
    queryFn: fetchAllowedBundleIds,
    ...queryDataFromPage('/bundles', allowedBundleIdsOf),
  });
  // The later weeks load in the background once the first ones have answered (or when opened).
  const [background, setBackground] = useState(false);
  const menus = useQueries({
    queries: all.map((week) => ({
      queryKey: ['weekly-menu', week],
      queryFn: () => fetchWeek(week),
      refetchInterval: MENU_REFRESH_MS,
      enabled: background || early.has(week) || week === selected,
      ...weekFromPage(week),
    })),
  });
  const earlySettled = menus.every(
    (query, index) => !early.has(all[index] ?? '') || !query.isPending,
  );
  // Once on, it stays on: a later refetch of the first weeks never pauses the others.
  if (earlySettled && !background) setBackground(true);
  const allowedBundles = bundles.data ?? NO_BUNDLES;

  return (
    <div className="page kit-menu">
      <div className="kit-menu__intro">
        <h1>Recipe kit menu</h1>
        {/* A div, not a p: the how-it-works <dialog> may not sit in a paragraph, and the server's
            HTML (R14.14) must parse into the tree the browser draws. */}
        <div className="kit-menu__lede">
          Choose your dishes for each week, then your plan. <HowItWorks />
        </div>
        <p className="kit-menu__ordering" role="status">
          {isWeekOpen(selected, now)
            ? `Ordering for ${weekName(selected)}`
            : `Orders for ${weekName(selected)} have closed`}
        </p>
      </div>
      <div className="sticky-panel-layout">
        <div className="kit-menu__main">
          <DietaryFilter groups={groups} onChange={setGroups} />
          <WeekTabs
            weeks={tabOrder(all, now).map((week) => ({
              week,
              label: weekLabel(week),
              open: isWeekOpen(week, now),
            }))}
            selected={selected}
            onSelect={setSelected}
          />
          {all.map((week, index) => {
            const query = menus[index];
            if (!query) return null;
            return (
              <WeekPanel
                key={week}
                week={week}
                menu={query.data}
                pending={query.isPending}
                failed={query.isError}
                onRetry={query.refetch}
                allowedBundles={allowedBundles}
                groups={groups}
                basket={basket}
                now={now}
                hidden={week !== selected}
              />
            );
          })}
        </div>
        <KitBasketPanel actor={basket} />
      </div>
      <KitBoxBar actor={basket} />
    </div>
  );
}

export default withQueryClient(ProductBoxPage);
