import type { Order } from '../../api/orders';

const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatDay = (isoDay: string) => longDate.format(new Date(`${isoDay}T00:00:00Z`));

/** What and when, in words: "Takeaway from Sfoglia Chiswick, Tuesday 17 November 2026". */
export function orderTitle(order: Order): string {
  const day = order.deliveryDate ? formatDay(order.deliveryDate) : null;
  if (order.orderType === 'takeaway') {
    const from = order.restaurantSite ? ` from Sfoglia ${order.restaurantSite}` : '';
    return `Takeaway${from}${day ? `, ${day}` : ''}`;
  }
  const what = order.orderType === 'recipe_kit' ? 'Recipe-kit box' : 'One-off box';
  return day ? `${what} delivered on ${day}` : what;
}
