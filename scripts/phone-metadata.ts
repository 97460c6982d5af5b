import { writeFileSync } from 'node:fs';
import full from 'libphonenumber-js/metadata.min.json';
import type { MetadataJson } from 'libphonenumber-js/core';
import { ukDiallingMetadata } from '../domain/phone-metadata';

/** `npm run gen:phone-metadata`: writes the +44 metadata the browser loads (after a libphonenumber upgrade). */
const target = 'domain/phone-metadata.uk.json';
writeFileSync(target, `${JSON.stringify(ukDiallingMetadata(full as MetadataJson))}\n`);
console.log(`wrote ${target}`);
