import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { QueryError } from '../../components/query-error';
import { DishImage } from '../../components/ui/dish-image';
import { servicesOf, useRestaurants } from './restaurant-queries';
import './restaurants.css';

/** Cards in the first row are above the fold: their pictures load at once. */
const EAGER_CARDS = 2;

function RestaurantsPage() {
  useDocumentTitle('Our restaurants');
  const restaurants = useRestaurants();
  return (
    <div className="page">
      <h1>Our restaurants</h1>
      <p>Book a table, collect your order, or eat in at any of our pasta bars.</p>
      {restaurants.isPending && <p role="status">Loading restaurants…</p>}
      {restaurants.isError && (
        <QueryError what="the restaurants" retry={() => restaurants.refetch()} />
      )}
      {restaurants.data && (
        <ul className="dish-grid">
          {restaurants.data.map((restaurant, index) => (
            <li key={restaurant.id} className="card restaurant-card">
              <DishImage
                src={restaurant.imageUrl}
                sizes="(max-width: 700px) 100vw, 360px"
                eager={index < EAGER_CARDS}
              />
              <div className="restaurant-card__body">
                <h2>
                  <Link to={`/restaurant/${restaurant.id}`}>{restaurant.site}</Link>
                </h2>
                <p>
                  {restaurant.address1}, {restaurant.city} {restaurant.postcode}
                </p>
                <p>{servicesOf(restaurant)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default withQueryClient(RestaurantsPage);
