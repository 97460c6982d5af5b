import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DashboardNeedsAction } from '../../src/views/account/dashboard-needs-action';
import { LeftOutDishes } from '../../src/views/order-payment/order-payment-steps';

const payment = (failed: boolean) =>
  ({ kind: 'payment', orderId: '10', reference: 'KV7-R49', failed, href: '/payment/10' }) as const;

describe('an order awaiting payment (product rule R9.28)', () => {
  it('the dashboard says a box awaiting its first payment awaits it, not that it failed', () => {
    render(
      <MemoryRouter>
        <DashboardNeedsAction actions={[payment(false)]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Order KV7-R49 is awaiting payment')).toBeTruthy();
    expect(screen.getByText('Pay for it and we will prepare your order.')).toBeTruthy();
    expect(screen.queryByText(/Payment failed/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Pay for order KV7-R49' }).getAttribute('href')).toBe(
      '/payment/10',
    );
  });

  it('the dashboard keeps "Payment failed" for an order whose payment failed', () => {
    render(
      <MemoryRouter>
        <DashboardNeedsAction actions={[payment(true)]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Payment failed for order KV7-R49')).toBeTruthy();
    expect(screen.getByText('Pay with another card and we will prepare your order.')).toBeTruthy();
  });

  it('the payment page of a box ordered again names the dishes left out (R9.27)', () => {
    render(
      <MemoryRouter
        initialEntries={[{ pathname: '/payment/10', state: { leftOut: ['Ravioli', 'Lasagne'] } }]}
      >
        <LeftOutDishes />
      </MemoryRouter>,
    );
    expect(screen.getByText("Not on this week's menu, left out: Ravioli, Lasagne.")).toBeTruthy();
  });

  it('names nothing when nothing was left out, or the page was reached another way', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/payment/10']}>
        <LeftOutDishes />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
