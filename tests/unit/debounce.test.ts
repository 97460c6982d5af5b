import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, PAPERLESS_DEBOUNCE_MS } from '../../src/app/debounce';

describe('debounce (R2.16, paperless toggle)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits the spec constant of 300 ms', () => {
    expect(PAPERLESS_DEBOUNCE_MS).toBe(300);
    const deliver = vi.fn();
    const toggle = debounce(deliver, PAPERLESS_DEBOUNCE_MS);
    toggle(true);
    vi.advanceTimersByTime(299);
    expect(deliver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deliver).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('delivers only the last value of a burst, 300 ms after the last call', () => {
    const deliver = vi.fn();
    const toggle = debounce(deliver, 300);
    toggle(true);
    vi.advanceTimersByTime(200);
    toggle(false);
    vi.advanceTimersByTime(200);
    toggle(true);
    vi.advanceTimersByTime(299);
    expect(deliver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deliver.mock.calls).toEqual([[true]]);
  });

  it('delivers again for a later, separate call', () => {
    const deliver = vi.fn();
    const toggle = debounce(deliver, 300);
    toggle(true);
    vi.advanceTimersByTime(300);
    toggle(false);
    vi.advanceTimersByTime(300);
    expect(deliver.mock.calls).toEqual([[true], [false]]);
  });

  it('cancel drops the pending value; flush delivers it at once', () => {
    const deliver = vi.fn();
    const toggle = debounce(deliver, 300);
    toggle(true);
    toggle.cancel();
    vi.advanceTimersByTime(1000);
    expect(deliver).not.toHaveBeenCalled();
    toggle(false);
    toggle.flush();
    expect(deliver).toHaveBeenCalledExactlyOnceWith(false);
    vi.advanceTimersByTime(1000);
    expect(deliver).toHaveBeenCalledOnce();
  });
});
