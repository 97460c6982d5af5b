import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlashMessages } from '../../src/components/flash/flash-messages';
import { flash, FLASH_DURATION_MS } from '../../src/components/flash/flash-store';

describe('flash messages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces a message and removes it after 3000 ms', () => {
    render(<FlashMessages />);

    act(() => flash('Your details have been saved.'));
    expect(screen.getByRole('status')).toHaveTextContent('Your details have been saved.');

    act(() => vi.advanceTimersByTime(FLASH_DURATION_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Your details have been saved.');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(FLASH_DURATION_MS).toBe(3000);
  });
});
