import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Link, MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DisclosureMenu } from '../../src/app/layout/disclosure-menu';

let navigate: NavigateFunction;

function Navigator() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  return null;
}

function renderMenuAt(url: string) {
  render(
    <MemoryRouter initialEntries={['/before', url]}>
      <Navigator />
      <DisclosureMenu label="My account">
        <li>
          <Link to="/account/rewards">Rewards</Link>
        </li>
      </DisclosureMenu>
      <p>Elsewhere</p>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'My account' });
}

/** Product rule R1.19. */
describe('a header menu', () => {
  it('stays open while the page it was opened on redirects itself (sign-in landing on /account)', async () => {
    const button = renderMenuAt('/account');
    await userEvent.click(button);
    act(() => void navigate('/account/dashboard', { replace: true }));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Rewards' })).toBeVisible();
  });

  it('closes when one of its links is followed, even to the page already shown', async () => {
    const button = renderMenuAt('/account/rewards');
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('link', { name: 'Rewards' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Back', async () => {
    const button = renderMenuAt('/account/dashboard');
    await userEvent.click(button);
    act(() => void navigate(-1));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside it and on Escape', async () => {
    const button = renderMenuAt('/account/dashboard');
    await userEvent.click(button);
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
