import type { Config } from '../config';
import type { Database } from '../db/database';
import type { OperationHandlers } from '../http/handler';
import { restaurantHandlers } from './restaurants/restaurants.handlers';
import { settingsHandlers } from './settings/settings.handlers';

/** What handlers need; outside services sit behind interfaces with embedded defaults. */
export interface Deps {
  config: Config;
  db: Database;
  now: () => Date;
}

export function createDeps(base: Pick<Deps, 'config' | 'db'> & Partial<Deps>): Deps {
  return { now: () => new Date(), ...base };
}

export function createHandlers(deps: Deps): Partial<OperationHandlers> {
  return {
    ...settingsHandlers(deps),
    ...restaurantHandlers(deps),
  };
}
