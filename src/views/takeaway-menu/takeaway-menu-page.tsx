import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { fetchSnoozedProductIds, fetchTakeawayMenu, type TakeawayMenu } from '../../api/menu';
import { estimateDelivery } from '../../api/menu';
import type { MenuProduct } from '../../api/types';
import { readValidStored } from '../../app/storage';
import { isStoredDelivery } from '../../../domain/stored-delivery';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { flash } from '../../components/flash/flash-store';
import { QueryError } from '../../components/query-error';
import { canEstimateDelivery, hasRealStreet } from '../../../domain/address';
import { etaText } from '../../../domain/eta';
import { addedText } from '../../../domain/takeaway-lines';
import { readTakeawayChoice, takeawayChoiceText } from '../../../domain/takeaway-basket';
import { upsellCategories } from '../../../domain/upsell';
import { MENU_REFRESH_MS, SNOOZED_REFRESH_MS } from '../../../domain/menu-refresh';
import { BasketBar } from './basket-bar';
import { BASKET_HEADING_ID, BasketPanel } from './basket-panel';
import { ModifierDialog } from './modifier-dialog';
import { ProductCard } from './product-card';
import './takeaway-menu.css';
import type { StoredTakeaway } from '../../session/stored-takeaway';
import { liveTakeawayBasketMachine } from './takeaway-basket-actors';

export const ETA_FAILED = "Couldn't get delivery time estimation";

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function modifiersOf(menu: TakeawayMenu, product: MenuProduct): MenuProduct[] {
  return product.subProducts
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((sub) => menu.productsById[sub.productId])
    .filter((m): m is MenuProduct => m !== undefined);
}

/** Product rules R4.6 and R4.7: the estimation is asked for only when its inputs allow; the default text otherwise. */
function EtaText({ delivery, itemCount }: { delivery: StoredTakeaway; itemCount: number }) {
  const choice = readTakeawayChoice(delivery.choice);
  const { address } = delivery;
  const inputs = {
    timeSlot: choice.timeSlot,
    restaurantId: Number(delivery.restaurantId),
    zip: address.zip,
    lat: address.lat,
    lon: address.lon,
    country: 'GB',
    address1: address.address1,
    city: address.city,
  };
  const enabled = canEstimateDelivery(inputs);
  const estimation = useQuery({
    queryKey: ['delivery-estimation', inputs, itemCount],
    queryFn: () =>
      estimateDelivery({
        address1: address.address1,
        address2: address.address2,
        city: address.city,
        zip: address.zip,
        lat: address.lat,
        lon: address.lon,
        country: 'GB',
        restaurant_id: inputs.restaurantId,
        time_slot: choice.timeSlot,
        number_of_items: itemCount,
      }),
    enabled,
    retry: false,
  });
  const what = choice.fulfillmentType === 'delivery' ? 'Delivery in about' : 'Ready in about';
  if (estimation.isError)
    return (
      <p className="eta" role="alert">
        {ETA_FAILED}
      </p>
    );
  return (
    <p className="eta">
      {what} {etaText(enabled ? estimation.data : null)}
    </p>
  );
}

/** /pasta-now: the restaurant's menu for the customer's way of ordering, and the basket. */
function TakeawayMenuPage() {
  const delivery = readValidStored('delivery', isStoredDelivery) as StoredTakeaway | null;
  if (!delivery) return <Navigate to="/pasta-now-search-address" replace />;
  return <TakeawayMenuView delivery={delivery} />;
}

function TakeawayMenuView({ delivery }: { delivery: StoredTakeaway }) {
  const navigate = useNavigate();
  const [basketLogic] = useState(() => liveTakeawayBasketMachine(delivery));
  const basket = useActorRef(basketLogic, {
    input: { restaurantId: Number(delivery.restaurantId) },
  });
  const checkingOut = useSelector(basket, (s) => s.matches('checkingOut'));
  const itemCount = useSelector(basket, (s) =>
    s.context.lines.reduce((sum, line) => sum + line.quantity, 0),
  );
  const [choosing, setChoosing] = useState<MenuProduct | null>(null);
  // Product rule R4.12: the dish's Add button gets focus back when its dialog closes.
  const returnFocus = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (choosing !== null || !returnFocus.current) return;
    returnFocus.current.focus();
    returnFocus.current = null;
  }, [choosing]);
  useEffect(() => {
    if (checkingOut) navigate('/pasta-now-checkout');
  }, [checkingOut, navigate]);
  const choice = readTakeawayChoice(delivery.choice);
  const { fulfillmentType } = choice;
  const restaurantId = Number(delivery.restaurantId);
  useDocumentTitle(`${delivery.restaurantSite} menu`);
  // Refreshing keeps the page as it is: the cached menu stays on screen while the new one loads.
  const menu = useQuery({
    queryKey: ['takeaway-menu', restaurantId, fulfillmentType],
    queryFn: () => fetchTakeawayMenu(restaurantId, fulfillmentType),
    refetchInterval: MENU_REFRESH_MS,
  });
  const snoozed = useQuery({
    queryKey: ['snoozed-products', restaurantId, fulfillmentType],
    queryFn: () => fetchSnoozedProductIds(restaurantId, fulfillmentType),
    refetchInterval: SNOOZED_REFRESH_MS,
  });
  const upsellNames = upsellCategories(fulfillmentType);
  const upsellProducts = menu.data
    ? menu.data.categories
        .filter((category) => upsellNames.includes(category.name))
        .flatMap((category) => category.productIds)
        .map((id) => menu.data.productsById[id])
        .filter(
          (product): product is MenuProduct =>
            product !== undefined && !(snoozed.data?.has(product.id) ?? false),
        )
    : [];
  const productsById = menu.data?.productsById;
  // Product rule R4.12: once the server has the dish, a toast says so (a polite live region).
  useEffect(() => {
    const subscription = basket.on('item.added', ({ productId, quantity }) => {
      const title = productsById?.[productId]?.title;
      if (title) flash(addedText(title, quantity));
    });
    const failed = basket.on('item.failed', ({ message }) => flash(message, 'error'));
    return () => {
      subscription.unsubscribe();
      failed.unsubscribe();
    };
  }, [basket, productsById]);

  return (
    <div className="page takeaway">
      <h1>{delivery.restaurantSite} menu</h1>
      <p>
        <strong>{takeawayChoiceText(choice)}</strong> ·{' '}
        <Link to="/pasta-type">
          Change <span className="visually-hidden">how and when you get your order</span>
        </Link>
      </p>
      {fulfillmentType === 'delivery' && hasRealStreet(delivery.address.address1) && (
        <p>
          Delivering to{' '}
          <strong>
            {[delivery.address.address1, delivery.address.city, delivery.address.zip].join(', ')}
          </strong>{' '}
          · <Link to="/pasta-now-search-address">Change address</Link>
        </p>
      )}
      <EtaText delivery={delivery} itemCount={Math.max(1, itemCount)} />
      {menu.isPending && <p role="status">Loading the menu…</p>}
      {menu.isError && <QueryError what="the menu" retry={() => menu.refetch()} />}
      <div className="sticky-panel-layout">
        <div className="takeaway__menu">
          {menu.data && (
            <>
              <nav aria-label="Menu sections">
                <ul className="section-nav">
                  {menu.data.categories.map((category) => (
                    <li key={category.id}>
                      <a href={`#${slug(category.name)}`}>{category.name}</a>
                    </li>
                  ))}
                </ul>
              </nav>
              {menu.data.categories.map((category) => (
                <section key={category.id} aria-labelledby={slug(category.name)}>
                  <h2 id={slug(category.name)}>{category.name}</h2>
                  {category.productIds.some((id) => menu.data.productsById[id]?.isKit) && (
                    <p className="notice">Kits ordered before 5:00pm are delivered next day.</p>
                  )}
                  <ul className="dish-grid">
                    {category.productIds.map((id, index) => {
                      const product = menu.data.productsById[id];
                      if (!product) return null;
                      return (
                        <ProductCard
                          key={id}
                          product={product}
                          modifiers={modifiersOf(menu.data, product)}
                          soldOut={snoozed.data?.has(id) ?? false}
                          basket={basket}
                          eager={category === menu.data.categories[0] && index < 4}
                          onChooseModifiers={(button) => {
                            returnFocus.current = button;
                            setChoosing(product);
                          }}
                        />
                      );
                    })}
                  </ul>
                </section>
              ))}
              <ModifierDialog
                product={choosing}
                modifiers={choosing ? modifiersOf(menu.data, choosing) : []}
                onClose={() => setChoosing(null)}
                onAdd={({ subItems, quantity }) => {
                  if (choosing)
                    basket.send({ type: 'item.add', productId: choosing.id, subItems, quantity });
                  setChoosing(null);
                }}
              />
            </>
          )}
        </div>
        <BasketPanel actor={basket} upsellProducts={upsellProducts} />
      </div>
      <BasketBar
        actor={basket}
        onViewBasket={() => document.getElementById(BASKET_HEADING_ID)?.focus()}
      />
    </div>
  );
}

export default withQueryClient(TakeawayMenuPage);
