import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute, RELOAD_FLAG } from '../../src/app/lazy-route';

describe('lazyRoute', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.dataLayer = [];
  });

  it('reports "Route not found" and reloads once when a screen fails to load', async () => {
    const reload = vi.fn();
    const Screen = lazyRoute(() => Promise.reject(new Error('chunk gone')), reload);

    render(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    );

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'error_reported', message: 'Route not found' }),
    );
    expect(sessionStorage.getItem(RELOAD_FLAG)).toBe('1');
  });

  it('shows an error with a retry link instead of reloading again', async () => {
    sessionStorage.setItem(RELOAD_FLAG, '1');
    const reload = vi.fn();
    const Screen = lazyRoute(() => Promise.reject(new Error('chunk gone')), reload);

    render(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    );

    expect(
      await screen.findByRole('heading', { name: 'Sorry, this page did not load' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
