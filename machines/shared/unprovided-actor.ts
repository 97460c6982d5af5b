import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * A machine's call as `setup` declares it: typed, and failing until the browser provides the
 * real one (`machine.provide`), so the machine stays free of fetch and React.
 */
export const unprovided = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} not provided`);
  });
