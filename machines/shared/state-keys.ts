/** Every state of a machine as a dotted key ('steps.login'), parents included ('steps'). */
export type StateKeys<TValue> = TValue extends string
  ? TValue
  : {
      [K in keyof TValue & string]: K | `${K}.${StateKeys<NonNullable<TValue[K]>>}`;
    }[keyof TValue & string];
