import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Catalogue } from './catalogue';
import { embeddedCatalogue } from './embedded-catalogue';
import { externalCatalogue } from './external-catalogue';

/** The external catalogue when CATALOGUE_GRAPHQL_URL is set; otherwise the embedded one. */
export function createCatalogue(config: Config, db: Database, now: () => Date): Catalogue {
  return config.catalogueGraphqlUrl
    ? externalCatalogue({ url: config.catalogueGraphqlUrl, token: config.catalogueToken, db, now })
    : embeddedCatalogue(db, { introspection: !config.production });
}
