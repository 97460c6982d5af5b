import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../../src/views/checkout-shared/lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Ciao {name}</p>;
}
const Holding = ({ name }: { name: string }) => <p role="status">Loading for {name}</p>;

/** A chunk that arrives when the test says so. */
function deferredChunk() {
  let arrive = () => {};
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Greeting }>((resolve) => {
        arrive = () => resolve({ default: Greeting });
      }),
  );
  return { load, arrive: () => arrive() };
}

describe('lazyPart (product rule R5.11)', () => {
  beforeEach(() => sessionStorage.clear());

  it('holds the place with the same props until the chunk arrives, then shows the part', async () => {
    const chunk = deferredChunk();
    const part = lazyPart<{ name: string }>(chunk.load, Holding);

    render(<part.View name="Giulia" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading for Giulia');
    chunk.arrive();
    expect(await screen.findByText('Ciao Giulia')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('preloads once: the step then uses the chunk already on its way', async () => {
    const chunk = deferredChunk();
    const part = lazyPart<{ name: string }>(chunk.load, Holding);

    part.preload();
    part.preload();
    chunk.arrive();
    render(<part.View name="Carla" />);

    expect(await screen.findByText('Ciao Carla')).toBeInTheDocument();
    expect(chunk.load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed preload, so the step asks for the chunk again', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('connection dropped'))
      .mockResolvedValue({ default: Greeting });
    const part = lazyPart<{ name: string }>(load, Holding);

    part.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Let the rejection settle before the step renders.
    await new Promise((resolve) => setTimeout(resolve, 0));
    render(<part.View name="Ada" />);

    expect(await screen.findByText('Ciao Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
