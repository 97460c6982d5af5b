import { fromPromise } from 'xstate';

/**
 * Fake actors whose calls wait until the model path settles them: a path's
 * `xstate.done.actor.<name>` resolves the pending call of that actor with its output, and
 * `xstate.error.actor.<name>` rejects it with its error.
 */
export function pendingCalls() {
  const pending = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void }
  >();
  const fake = <T, I>(name: string) =>
    fromPromise<T, I>(
      () =>
        new Promise<T>((resolve, reject) =>
          pending.set(name, { resolve: resolve as (value: unknown) => void, reject }),
        ),
    );
  const settle = async (event: { type: string; output?: unknown; error?: unknown }) => {
    const [, outcome, , name = ''] = event.type.split('.');
    const call = pending.get(name);
    if (!call) throw new Error(`no pending call for ${event.type}`);
    pending.delete(name);
    if (outcome === 'done') call.resolve(event.output);
    else call.reject(event.error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** Executors for a model's events: settle the calls, send everything else to the actor. */
  const executorsFor = (types: string[], send: (event: { type: string }) => void) =>
    Object.fromEntries(
      types.map((type) => [
        type,
        async ({ event }: { event: { type: string } }) => {
          if (event.type.startsWith('xstate.')) await settle(event);
          else send(event);
        },
      ]),
    );
  return { fake, settle, executorsFor };
}
