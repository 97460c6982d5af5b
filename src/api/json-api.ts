import { camelize, type Camelized } from './case';

export interface ResourceObject {
  type: string;
  id: string;
  attributes?: object;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | { type: string; id: string }[] | null }
  >;
}

/** A resource flattened the way the app uses it: `{ id, ...camelCasedAttributes }`. */
export type Entity<R> = R extends { id: string; attributes: infer A }
  ? { id: string } & Camelized<A>
  : never;

/** Flattens one JSON:API resource object. */
export function toEntity<R extends ResourceObject>(resource: R): Entity<R> {
  return { id: resource.id, ...camelize(resource.attributes ?? {}) } as Entity<R>;
}

/** Normalises `included` by type then id, so relationships resolve without searching. */
export function indexIncluded(
  included: ResourceObject[] = [],
): Record<string, Record<string, object>> {
  const byType: Record<string, Record<string, object>> = {};
  for (const resource of included) {
    (byType[resource.type] ??= {})[resource.id] = toEntity(resource);
  }
  return byType;
}
