import { Link } from 'react-router-dom';
import { APP_ROUTES } from '../../../domain/app-routes';
import { DishImage } from '../../components/ui/dish-image';

/** The steps of pasta now, from this page's postcode search to the door. */
const STEPS = [
  { title: 'Tell us your postcode', text: 'We find the Sfoglia kitchen nearest to you.' },
  { title: 'Choose from its menu', text: 'Pasta made that morning, sides, desserts and drinks.' },
  { title: 'Follow it to your door', text: 'Track your order from the pan to the doorstep.' },
] as const;

/**
 * Below the hero, the two ways to eat Sfoglia, each leading to a screen of its own (product rule
 * R14.9; only paths of APP_ROUTES, product rule R1.14). Its pictures wait until they are near
 * the viewport: the hero's is the one the first paint needs.
 */
export function LandingWays() {
  return (
    <>
      <section className="landing-steps" aria-labelledby="landing-steps-heading">
        <h2 id="landing-steps-heading">How pasta now works</h2>
        <ol className="landing-steps__list">
          {STEPS.map((step, index) => (
            <li key={step.title} className="landing-steps__step">
              <span className="landing-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="landing-steps__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="landing-ways" aria-labelledby="landing-ways-heading">
        <h2 id="landing-ways-heading">Two ways to eat Sfoglia</h2>
        <ul className="dish-grid">
          <li className="card landing-way">
            <DishImage src="/artwork/restaurant/chiswick.svg" className="landing-way__image" />
            <div className="landing-way__body">
              <h3>Pasta now</h3>
              <p>
                Hot from our kitchens: delivered to your door, picked up on your way home, or eaten
                in at one of our restaurants.
              </p>
              <Link className="button button--secondary" to={APP_ROUTES.restaurants}>
                Our restaurants
              </Link>
            </div>
          </li>
          <li className="card landing-way">
            <DishImage
              src="/artwork/kit/spinach-ricotta-ravioli.svg"
              className="landing-way__image"
            />
            <div className="landing-way__body">
              <h3>Recipe kits</h3>
              <p>
                Fresh pasta and sauces in a weekly box, delivered across the UK, on the table in
                minutes.
              </p>
              <Link className="button button--secondary" to={APP_ROUTES.productBox}>
                This week&rsquo;s recipe kits
              </Link>
            </div>
          </li>
        </ul>
      </section>
    </>
  );
}
