import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Actor } from 'xstate';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { fetchSnoozedProductIds, fetchTakeawayMenu, type TakeawayMenu } from '../../api/menu';
import { estimateDelivery } from '../../api/menu';
import type { MenuProduct } from '../../api/types';
import { readValidStored } from '../../app/storage';
import { isStoredDelivery } from '../../../domain/stored-delivery';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { Modal } from '../../components/modal';
import { QueryError } from '../../components/query-error';
import { canEstimateDelivery, hasRealStreet } from '../../../domain/address';
import { etaText } from '../../../domain/eta';
import { formatPrice } from '../../../domain/money';
import { readTakeawayChoice, takeawayChoiceText } from '../../../domain/takeaway-basket';
import { upsellCategories } from '../../../domain/upsell';
import { MENU_REFRESH_MS, SNOOZED_REFRESH_MS } from '../../../domain/menu-refresh';
import type { takeawayBasketMachine } from '../../../machines/takeaway-basket/takeaway-basket.machine';
import { BasketPanel } from './basket-panel';
import type { StoredTakeaway } from '../../session/stored-takeaway';
import { liveTakeawayBasketMachine } from './takeaway-basket-actors';

export const ETA_FAILED = "Couldn't get delivery time estimation";

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

type BasketActor = Actor<typeof takeawayBasketMachine>;

function ProductCard({
  product,
  modifiers,
  soldOut,
  basket,
  onChooseModifiers,
}: {
  product: MenuProduct;
  modifiers: MenuProduct[];
  soldOut: boolean;
  basket: BasketActor;
  onChooseModifiers: () => void;
}) {
  const adding = useSelector(basket, (s) => s.hasTag('busy') && !s.matches('loading'));
  return (
    <li className={`card product${soldOut ? ' product--sold-out' : ''}`}>
      <h3 className="product__title">{product.title}</h3>
      <p>{product.description}</p>
      <p className="product__price">{formatPrice(product.price)}</p>
      {soldOut ? (
        <p className="product__badge">Sold out for now</p>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={adding}
          onClick={() =>
            modifiers.length > 0
              ? onChooseModifiers()
              : basket.send({ type: 'item.add', productId: product.id })
          }
        >
          Add <span className="visually-hidden">{product.title}</span> to basket
        </button>
      )}
      {modifiers.length > 0 && (
        <p className="product__modifiers">
          Make it yours:{' '}
          {modifiers
            .map((m) => `${m.title}${m.price > 0 ? ` (+${formatPrice(m.price)})` : ''}`)
            .join(', ')}
        </p>
      )}
    </li>
  );
}

function modifiersOf(menu: TakeawayMenu, product: MenuProduct): MenuProduct[] {
  return product.subProducts
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((sub) => menu.productsById[sub.productId])
    .filter((m): m is MenuProduct => m !== undefined);
}

/** The accessible dialog to choose a dish's modifiers before adding it (sent as sub_items). */
function ModifierDialog({
  product,
  modifiers,
  onAdd,
  onClose,
}: {
  product: MenuProduct | null;
  modifiers: MenuProduct[];
  onAdd: (subItems: string[]) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Modal
      open={product !== null}
      title={product ? `Make your ${product.title}` : 'Make it yours'}
      onClose={() => {
        setChosen([]);
        onClose();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onAdd(chosen);
          setChosen([]);
        }}
      >
        <fieldset className="fieldset">
          <legend>Choose your extras</legend>
          {modifiers.map((modifier) => (
            <div key={modifier.id} className="checkbox">
              <input
                type="checkbox"
                id={`modifier-${modifier.id}`}
                checked={chosen.includes(modifier.id)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, modifier.id]
                      : current.filter((id) => id !== modifier.id),
                  )
                }
              />
              <label htmlFor={`modifier-${modifier.id}`}>
                {modifier.title}
                {modifier.price > 0 ? ` (+${formatPrice(modifier.price)})` : ''}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="modal__actions">
          <button type="submit" className="button button--primary">
            Add to basket
          </button>
          <button
            type="button"
            className="button button--link"
            onClick={() => {
              setChosen([]);
              onClose();
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
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

  return (
    <div className="page menu-page">
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
              <ul className="card-list">
                {category.productIds.map((id) => {
                  const product = menu.data.productsById[id];
                  if (!product) return null;
                  return (
                    <ProductCard
                      key={id}
                      product={product}
                      modifiers={modifiersOf(menu.data, product)}
                      soldOut={snoozed.data?.has(id) ?? false}
                      basket={basket}
                      onChooseModifiers={() => setChoosing(product)}
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
            onAdd={(subItems) => {
              if (choosing) basket.send({ type: 'item.add', productId: choosing.id, subItems });
              setChoosing(null);
            }}
          />
        </>
      )}
      <BasketPanel actor={basket} upsellProducts={upsellProducts} />
    </div>
  );
}

export default withQueryClient(TakeawayMenuPage);
