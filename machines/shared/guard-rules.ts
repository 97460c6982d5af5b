import type { AnyStateMachine } from 'xstate';

/**
 * A guard in words, for the product owner reading the statechart at /flows (product rule
 * R15.2): what it checks, and the product rules (docs/product-rules.md) it encodes. XState v5
 * keeps no description on a guard, so each machine's guards are described beside it, in
 * machines/<flow>/<flow>.guard-rules.ts: a module of its own, which the customer routes never load.
 */
export interface GuardRule {
  /** What the guard checks, in the product's words: "the basket has no items". */
  says: string;
  /** The product rules it encodes: `R6.2`. tests/unit/guard-rules.test.ts checks they exist. */
  rules: readonly RuleNumber[];
}

export type RuleNumber = `R${number}.${number}`;

/** The names of a machine's guards, as its `setup` declares them (the keys `provide` accepts). */
export type GuardNameOf<TMachine extends AnyStateMachine> = keyof NonNullable<
  Parameters<TMachine['provide']>[0]['guards']
> &
  string;

/** Every guard of the machine described, and nothing else: a guard added or renamed fails here. */
export type GuardRules<TMachine extends AnyStateMachine> = Record<GuardNameOf<TMachine>, GuardRule>;
