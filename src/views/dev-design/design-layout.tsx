import { Button } from '../../components/form/button';
import { DishImage } from '../../components/ui/dish-image';
import { PriceRows } from '../../components/ui/price-rows';

const DISHES = [
  { slug: 'cacio-e-pepe', title: 'Cacio e Pepe', price: '£10.50' },
  { slug: 'nduja-mafaldine', title: 'Nduja Mafaldine', price: '£12.50' },
  { slug: 'pappardelle-ai-funghi', title: 'Pappardelle ai Funghi', price: '£11.95' },
  { slug: 'gnocchi-al-pomodoro', title: 'Gnocchi al Pomodoro', price: '£9.95' },
] as const;

/**
 * The two layout components of product rule R14.10 as the menus use them: the dish grid, and the
 * sticky panel beside it on a desktop (scroll the page: the panel and its Checkout stay in view).
 */
export function DesignLayout() {
  return (
    <section aria-labelledby="design-layout">
      <h2 id="design-layout">Layout</h2>
      <p className="design__muted">
        <code>.sticky-panel-layout</code> puts a <code>.sticky-panel</code> beside the page from 960
        px; <code>.dish-grid</code> fills the rest with cards that lead with their picture. On a
        phone the panel follows the grid and a <code>.bottom-bar</code> stands in for it: the bar
        sets <code>--bottom-bar-height</code>, which keeps room below the page and lifts the toasts
        above the bar.
      </p>
      <div className="sticky-panel-layout">
        <ul className="dish-grid" aria-label="Example dishes">
          {DISHES.map((dish) => (
            <li key={dish.slug} className="card design__dish">
              <DishImage src={`/artwork/takeaway/${dish.slug}.svg`} />
              <div className="design__dish-body">
                <h3>{dish.title}</h3>
                <div className="design__row">
                  <strong>{dish.price}</strong>
                  <Button>
                    Add<span className="visually-hidden"> {dish.title}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <aside className="sticky-panel" aria-labelledby="design-panel-heading">
          <h3 id="design-panel-heading">Example basket</h3>
          <PriceRows
            rows={[
              { label: 'Cacio e Pepe', amount: '£10.50' },
              { label: 'Delivery', amount: '£1.99' },
              { label: 'Total', amount: '£12.49', kind: 'total' },
            ]}
          />
          <div className="sticky-panel__actions">
            <Button className="button--block">Checkout</Button>
          </div>
        </aside>
      </div>
    </section>
  );
}
