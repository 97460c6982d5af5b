import { Link, useParams } from 'react-router-dom';
import { isApiRequestError } from '../../api/api-error';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { QueryError } from '../../components/query-error';
import NotFoundPage from '../../components/not-found-page';
import { DishImage } from '../../components/ui/dish-image';
import { servicesOf, useRestaurant } from './restaurant-queries';
import './restaurants.css';

function RestaurantPage() {
  const id = Number(useParams().restaurantId);
  const restaurant = useRestaurant(id);
  useDocumentTitle(restaurant.data ? restaurant.data.site : 'Restaurant');
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (restaurant.isError && isApiRequestError(restaurant.error) && restaurant.error.status === 404)
    return <NotFoundPage />;
  return (
    <div className="page">
      {/* Above the restaurant, so nothing in view moves when it arrives (product rule R14.12). */}
      <p>
        <Link to="/restaurants">All restaurants</Link>
      </p>
      {restaurant.isPending && <p role="status">Loading restaurant…</p>}
      {restaurant.isError && (
        <QueryError what="this restaurant" retry={() => restaurant.refetch()} />
      )}
      {restaurant.data && (
        <>
          <h1>{restaurant.data.site}</h1>
          <div className="restaurant-hero">
            <DishImage
              src={restaurant.data.imageUrl}
              sizes="(max-width: 768px) 100vw, 600px"
              eager
            />
            <div>
              <address className="address-block">
                {restaurant.data.address1}
                {restaurant.data.address2 && (
                  <>
                    <br />
                    {restaurant.data.address2}
                  </>
                )}
                <br />
                {restaurant.data.city}
                <br />
                {restaurant.data.postcode}
              </address>
              <p>
                Phone:{' '}
                <a href={`tel:${restaurant.data.phone.replace(/\s/g, '')}`}>
                  {restaurant.data.phone}
                </a>
              </p>
              <h2>What we offer here</h2>
              <p>{servicesOf(restaurant.data)}</p>
              {restaurant.data.hasTableNumbers && (
                <p>Order from your table: scan the code on your table card.</p>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

export default withQueryClient(RestaurantPage);
