/** snake_case keys in, camelCase keys out (product rule R2.10), typed so the compiler follows the rename. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type Camelized<T> = T extends readonly (infer Item)[]
  ? Camelized<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelized<T[K]> }
    : T;

const toCamel = (key: string) =>
  key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

export function camelize<T>(value: T): Camelized<T> {
  if (Array.isArray(value)) return value.map((item: unknown) => camelize(item)) as Camelized<T>;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [toCamel(key), camelize(item)]),
    ) as Camelized<T>;
  }
  return value as Camelized<T>;
}
