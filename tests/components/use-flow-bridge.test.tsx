import { act, render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { Fragment, StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { assign, setup, type Actor } from 'xstate';
import { useFlowBridge } from '../../src/flows/use-flow-bridge';

/**
 * A small flow of the shape every checkout has: two free steps, a third reachable only once
 * the machine allows it, and a forward step the customer takes by submitting.
 */
const flowMachine = setup({
  types: {
    context: {} as { unlocked: boolean },
    events: {} as { type: 'url.changed'; path: string; search: string } | { type: 'step.next' },
  },
  guards: {
    isPath: (_, params: { actual: string; expected: string }) => params.actual === params.expected,
    isUnlocked: ({ context }) => context.unlocked,
  },
  actions: { unlock: assign({ unlocked: true }) },
}).createMachine({
  context: { unlocked: false },
  initial: 'first',
  on: {
    'url.changed': [
      {
        guard: { type: 'isPath', params: ({ event }) => ({ actual: event.path, expected: '/a' }) },
        target: '.first',
      },
      {
        guard: { type: 'isPath', params: ({ event }) => ({ actual: event.path, expected: '/b' }) },
        target: '.second',
      },
      { guard: 'isUnlocked', target: '.third' },
    ],
  },
  states: {
    first: { meta: { path: '/a' }, on: { 'step.next': { target: 'second' } } },
    second: { meta: { path: '/b' }, on: { 'step.next': { target: 'third', actions: 'unlock' } } },
    third: { meta: { path: '/c' } },
  },
});

let flow: Actor<typeof flowMachine>;
let go: (to: string) => void;

function Flow() {
  const actor = useActorRef(flowMachine);
  useEffect(() => {
    flow = actor;
  }, [actor]);
  useFlowBridge(actor, (search) => (search.get('keep') ? `keep=${search.get('keep')}` : ''));
  return null;
}

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <output>{`${type} ${location.pathname}${location.search}`}</output>;
}

/** The customer's own moves: following a link (or typing a URL) and Back. */
function Browser({ onReady }: { onReady: (navigate: ReturnType<typeof useNavigate>) => void }) {
  const navigate = useNavigate();
  useEffect(() => onReady(navigate), [navigate, onReady]);
  return null;
}

function renderStrictAt(url: string) {
  return renderAt(url, StrictMode);
}

function renderAt(url: string, Wrapper: ComponentType<{ children: ReactNode }> = Fragment) {
  let back = () => {};
  render(
    <Wrapper>
      <MemoryRouter initialEntries={[url]}>
        <Flow />
        <Where />
        <Browser
          onReady={(navigate) => {
            back = () => void navigate(-1);
            go = (to) => void navigate(to);
          }}
        />
      </MemoryRouter>
    </Wrapper>,
  );
  return { back: () => act(() => back()) };
}

const where = () => screen.getByRole('status').textContent;

describe('the flow bridge', () => {
  it("puts the machine's step in the URL, replacing a deep link the machine redirected", () => {
    renderAt('/c?token=1&keep=x');
    expect(flow.getSnapshot().value).toBe('first');
    expect(where()).toBe('REPLACE /a?keep=x');
  });

  it('turns a URL the machine accepts into its step, without navigating again', () => {
    renderAt('/a');
    act(() => go('/b'));
    expect(flow.getSnapshot().value).toBe('second');
    expect(where()).toBe('PUSH /b');
  });

  it('drops the parameters the flow does not keep from the first URL', () => {
    renderAt('/b?token=secret');
    expect(flow.getSnapshot().value).toBe('second');
    expect(where()).toBe('REPLACE /b');
  });

  it('puts the step back in place of a URL the machine refuses', () => {
    renderAt('/a');
    act(() => go('/c'));
    expect(flow.getSnapshot().value).toBe('first');
    expect(where()).toBe('REPLACE /a');
  });

  it('pushes a step the customer moves forward to, so Back returns to the one before', () => {
    const { back } = renderAt('/a');
    act(() => flow.send({ type: 'step.next' }));
    expect(where()).toBe('PUSH /b');
    back();
    expect(flow.getSnapshot().value).toBe('first');
    expect(where()).toBe('POP /a');
  });

  it('puts the step back when Back reaches a URL the machine refuses', () => {
    const { back } = renderAt('/a');
    act(() => flow.send({ type: 'step.next' }));
    act(() => go('/c'));
    expect(flow.getSnapshot().value).toBe('second');
    expect(where()).toBe('REPLACE /b');
    act(() => flow.send({ type: 'step.next' }));
    expect(where()).toBe('PUSH /c');
    back();
    expect(flow.getSnapshot().value).toBe('second');
    expect(where()).toBe('POP /b');
  });

  it('navigates once when React runs its effects twice (StrictMode)', () => {
    const { back } = renderStrictAt('/c');
    expect(where()).toBe('REPLACE /a');
    act(() => flow.send({ type: 'step.next' }));
    expect(where()).toBe('PUSH /b');
    back();
    expect(where()).toBe('POP /a');
  });

  it('lets Back reach a step only where the machine allows it', () => {
    const { back } = renderAt('/a');
    act(() => flow.send({ type: 'step.next' }));
    act(() => flow.send({ type: 'step.next' }));
    expect(where()).toBe('PUSH /c');
    back();
    back();
    expect(flow.getSnapshot().value).toBe('first');
    act(() => go('/c'));
    expect(flow.getSnapshot().value).toBe('third');
    expect(where()).toBe('PUSH /c');
  });
});
