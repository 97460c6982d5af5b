import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { isApiRequestError } from '../../api/api-error';
import { toEntity } from '../../api/json-api';
import type { FulfillmentType, Restaurant } from '../../api/types';
import { ONE_WEEK_MS, readValidStored, writeStored } from '../../app/storage';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/text-field';
import { QueryError } from '../../components/query-error';
import { DishImage } from '../../components/ui/dish-image';
import { PLACEHOLDER_STREET } from '../../../domain/address';
import { distanceInMiles, formatMiles, type Coordinates } from '../../../domain/distance';
import { parseUkPostcode } from '../../../domain/postcode';
import { isStoredDelivery } from '../../../domain/stored-delivery';
import { DEFAULT_TAKEAWAY_CHOICE, FULFILLMENT_LABELS } from '../../../domain/takeaway-basket';
import { isOpenAt } from '../../../domain/time-slots';
import type { StoredTakeaway } from '../../session/stored-takeaway';
import './restaurant-finder.css';

interface Origin extends Coordinates {
  /** The address the distance is from: the stored one, or a searched postcode's centre. */
  address: StoredTakeaway['address'];
  label: string;
}

const fetchRestaurants = async () =>
  (await unwrap(api.GET('/restaurants/all'))).data.map((r) => toEntity(r) as Restaurant);

/** /pasta-now-find: every restaurant, nearest first, to choose one for pickup or eat-in. */
function RestaurantFinderPage() {
  useDocumentTitle('Find a restaurant');
  const navigate = useNavigate();
  const stored = readValidStored('delivery', isStoredDelivery) as StoredTakeaway | null;
  const [origin, setOrigin] = useState<Origin | null>(() =>
    stored
      ? {
          lat: stored.address.lat,
          lon: stored.address.lon,
          address: stored.address,
          label: stored.address.zip,
        }
      : null,
  );
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const restaurants = useQuery({ queryKey: ['restaurants', 'all'], queryFn: fetchRestaurants });
  const now = new Date();

  const search = async () => {
    const parsed = parseUkPostcode(postcode);
    if (!parsed) {
      setError('Enter a UK postcode, like W4 2HD');
      return;
    }
    setSearching(true);
    try {
      const found = await unwrap(
        api.GET('/postcodes/{postcode}', { params: { path: { postcode: parsed } } }),
      );
      const { lat, lon } = found.data.attributes;
      setError(null);
      setOrigin({
        lat,
        lon,
        label: found.data.id,
        address: {
          address1: PLACEHOLDER_STREET,
          address2: null,
          city: '',
          zip: found.data.id,
          countryCode: 'GB',
          lat,
          lon,
        },
      });
    } catch (caught) {
      setError(
        isApiRequestError(caught) && caught.serverMessage
          ? caught.serverMessage
          : `Can't find lat/long for postcode ${parsed}`,
      );
    } finally {
      setSearching(false);
    }
  };

  const choose = (restaurant: Restaurant, fulfillmentType: FulfillmentType) => {
    if (!origin) return;
    const value: StoredTakeaway = {
      address: origin.address,
      restaurantId: restaurant.id,
      restaurantSite: restaurant.site,
      choice: { ...DEFAULT_TAKEAWAY_CHOICE, fulfillmentType },
    };
    writeStored('delivery', value, { ttlMs: ONE_WEEK_MS });
    navigate('/pasta-type');
  };

  const ranked = origin
    ? (restaurants.data ?? [])
        .map((restaurant) => ({ restaurant, miles: distanceInMiles(origin, restaurant) }))
        .sort((a, b) => a.miles - b.miles)
    : [];

  return (
    <div className="page">
      <h1>Find a restaurant</h1>
      <p>Collect your order or eat in at one of our restaurants.</p>
      <ErrorSummary errors={error ? [{ fieldId: 'finder-postcode', message: error }] : []} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <TextField
          id="finder-postcode"
          label="Your postcode"
          hint={origin ? `Showing distances from ${origin.label}` : 'For example, W4 2HD'}
          value={postcode}
          autoComplete="postal-code"
          error={error ?? undefined}
          onChange={(event) => setPostcode(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={searching}>
          Find restaurants
        </button>
      </form>
      {restaurants.isPending && <p role="status">Loading restaurants…</p>}
      {restaurants.isError && (
        <QueryError what="the restaurants" retry={() => restaurants.refetch()} />
      )}
      {origin && restaurants.data && (
        <ul className="dish-grid" aria-label="Restaurants, nearest first">
          {ranked.map(({ restaurant, miles }, index) => {
            const open = isOpenAt(now);
            const offers = restaurant.fulfillmentTypes;
            return (
              <li key={restaurant.id} className="card finder-card">
                <DishImage
                  src={restaurant.imageUrl}
                  sizes="(max-width: 700px) 100vw, 360px"
                  eager={index < 2}
                />
                <div className="finder-card__body">
                  <h2>{restaurant.site}</h2>
                  <p>{[restaurant.address1, restaurant.city, restaurant.postcode].join(', ')}</p>
                  <p>
                    <strong>{formatMiles(miles)}</strong> away · {open ? 'Open now' : 'Closed now'}
                  </p>
                  <p>Offers: {offers.map((type) => FULFILLMENT_LABELS[type]).join(', ')}</p>
                  {offers.includes('pickup') && (
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => choose(restaurant, 'pickup')}
                    >
                      Pick up from {restaurant.site}
                    </button>
                  )}{' '}
                  {offers.includes('eat_in') && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={!open}
                      onClick={() => choose(restaurant, 'eat_in')}
                    >
                      Eat in at {restaurant.site}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export default withQueryClient(RestaurantFinderPage);
