import type { AnyMachineSnapshot } from 'xstate';

/** The input of the call `name` on its way, as the machine made it. */
export function callInput<T>(s: AnyMachineSnapshot, name: string): T {
  return (s.children[name]?.getSnapshot() as { input: T } | undefined)?.input as T;
}

/**
 * A call's done event with the answer worked out for the state the path is really in (the
 * server's answer to the call's input), for the basket models whose answers follow the clicks. A
 * first load's answer is the one the path chose; failures and unknown calls stay as they are.
 */
export function withAnswer<TEvent extends { type: string }, TSnapshot>(
  event: TEvent,
  s: TSnapshot,
  answers: Record<string, (s: TSnapshot) => unknown>,
): TEvent {
  const [, outcome, , name] = event.type.split('.');
  if (outcome !== 'done' || name === undefined || name === 'loadBasket' || !(name in answers))
    return event;
  return { ...event, output: answers[name]!(s) };
}
