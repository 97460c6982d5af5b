import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Actor } from 'xstate';
import { Link, Navigate } from 'react-router-dom';
import type { StoredDelivery } from '../../../machines/address-search/address-search.machine';
import { fetchSnoozedProductIds, fetchTakeawayMenu } from '../../api/menu';
import type { MenuProduct } from '../../api/types';
import { readValidStored } from '../../app/storage';
import { isStoredDelivery } from '../../domain/stored-delivery';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { QueryError } from '../../components/query-error';
import { DEFAULT_ETA_TEXT } from '../../domain/eta';
import { formatPrice } from '../../domain/money';
import { MENU_REFRESH_MS, SNOOZED_REFRESH_MS } from './menu-refresh';
import type { takeawayBasketMachine } from '../../../machines/takeaway-basket/takeaway-basket.machine';
import { BasketPanel } from './basket-panel';
import { liveTakeawayBasketMachine } from './takeaway-basket-actors';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

type BasketActor = Actor<typeof takeawayBasketMachine>;

function ProductCard({
  product,
  modifiers,
  soldOut,
  basket,
}: {
  product: MenuProduct;
  modifiers: MenuProduct[];
  soldOut: boolean;
  basket: BasketActor;
}) {
  const adding = useSelector(basket, (s) => s.hasTag('busy'));
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
          onClick={() => basket.send({ type: 'item.add', productId: product.id })}
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

/** /pasta-now: the menu of the restaurant found for the customer's address (delivery). */
function TakeawayMenuPage() {
  const delivery = readValidStored('delivery', isStoredDelivery);
  if (!delivery) return <Navigate to="/pasta-now-search-address" replace />;
  return <TakeawayMenu delivery={delivery} />;
}

function TakeawayMenu({ delivery }: { delivery: StoredDelivery }) {
  const [basketLogic] = useState(() => liveTakeawayBasketMachine(delivery));
  const basket = useActorRef(basketLogic, {
    input: { restaurantId: Number(delivery.restaurantId) },
  });
  const restaurantId = Number(delivery?.restaurantId);
  useDocumentTitle(`${delivery.restaurantSite} menu`);
  // Refreshing keeps the page as it is: the cached menu stays on screen while the new one loads.
  const menu = useQuery({
    queryKey: ['takeaway-menu', restaurantId, 'delivery'],
    queryFn: () => fetchTakeawayMenu(restaurantId, 'delivery'),
    refetchInterval: MENU_REFRESH_MS,
  });
  const snoozed = useQuery({
    queryKey: ['snoozed-products', restaurantId, 'delivery'],
    queryFn: () => fetchSnoozedProductIds(restaurantId, 'delivery'),
    refetchInterval: SNOOZED_REFRESH_MS,
  });

  return (
    <div className="page menu-page">
      <h1>{delivery.restaurantSite} menu</h1>
      <p>
        Delivering to{' '}
        <strong>
          {[delivery.address.address1, delivery.address.city, delivery.address.zip].join(', ')}
        </strong>{' '}
        · <Link to="/pasta-now-search-address">Change address</Link>
      </p>
      <p className="eta">Delivery in about {DEFAULT_ETA_TEXT}</p>
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
                  const modifiers = product.subProducts
                    .slice()
                    .sort((a, b) => a.position - b.position)
                    .map((sub) => menu.data.productsById[sub.productId])
                    .filter((m): m is MenuProduct => m !== undefined);
                  return (
                    <ProductCard
                      key={id}
                      product={product}
                      modifiers={modifiers}
                      soldOut={snoozed.data?.has(id) ?? false}
                      basket={basket}
                    />
                  );
                })}
              </ul>
            </section>
          ))}
        </>
      )}
      <BasketPanel actor={basket} />
    </div>
  );
}

export default withQueryClient(TakeawayMenuPage);
