import type { Config } from '../config';
import type { Database } from '../db/database';
import type { OperationHandlers } from '../http/handler';
import { createMailer, type Mailer } from '../services/mailer';
import { customerHandlers } from './customers/customers.handlers';
import { devEmailHandlers } from './dev/dev-emails.handlers';
import { restaurantHandlers } from './restaurants/restaurants.handlers';
import { sessionHandlers } from './sessions/sessions.handlers';
import { settingsHandlers } from './settings/settings.handlers';

/** What handlers need; outside services sit behind interfaces with embedded defaults. */
export interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  now: () => Date;
}

export function createDeps(base: Pick<Deps, 'config' | 'db'> & Partial<Deps>): Deps {
  return { now: () => new Date(), mailer: createMailer(base.db, base.config), ...base };
}

export function createHandlers(deps: Deps): Partial<OperationHandlers> {
  return {
    ...settingsHandlers(deps),
    ...restaurantHandlers(deps),
    ...sessionHandlers(deps),
    ...customerHandlers(deps),
    ...devEmailHandlers(deps),
  };
}
