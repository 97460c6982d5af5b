import type { AnyStateMachine, StateValueFrom } from 'xstate';

/**
 * The names of the child states of `TParent` in a machine, read from its config: a view map
 * typed `satisfies Record<ChildStates<typeof machine, 'steps'>, ComponentType>` fails to compile
 * when the machine gains a step that has no view.
 */
export type ChildStates<TMachine extends AnyStateMachine, TParent extends string> = NonNullable<
  Extract<Exclude<StateValueFrom<TMachine>, string>, Partial<Record<TParent, unknown>>>[TParent]
>;

/** The top-level states of a machine that have no children. */
export type AtomicTopStates<TMachine extends AnyStateMachine> = Exclude<
  Extract<StateValueFrom<TMachine>, string>,
  keyof Exclude<StateValueFrom<TMachine>, string>
>;

/** Every state of a machine as a dotted key ('steps.login'), parents included ('steps'). */
export type { StateKeys } from '../../machines/shared/state-keys';
