import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js, each shown failing on a planted violation and passing on
 * a clean counterpart, so a rule that silently stops matching (a regex typo, a later block that
 * replaces its options) fails here rather than letting the layers drift.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, cache: false });
});

async function lint(filePath: string, code: string) {
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((result) => result.messages)
    .map(({ ruleId, message }) => ({ ruleId, message }));
}

const IMPORTS = 'no-restricted-imports';
const TS_IMPORTS = '@typescript-eslint/no-restricted-imports';
const GLOBALS = 'no-restricted-globals';

interface Planted {
  rule: string;
  file: string;
  code: string;
}

const violations: Record<string, Planted> = {
  'domain imports react': {
    rule: IMPORTS,
    file: 'domain/planted.ts',
    code: "import { useState } from 'react';\nexport const hook = useState;\n",
  },
  'domain imports the app': {
    rule: IMPORTS,
    file: 'domain/planted.ts',
    code: "import { api } from '../src/api/client';\nexport const client = api;\n",
  },
  'domain imports a machine': {
    rule: IMPORTS,
    file: 'domain/planted.ts',
    code: "import { authMachine } from '../machines/auth/auth.machine';\nexport const m = authMachine;\n",
  },
  'domain imports the server': {
    rule: IMPORTS,
    file: 'domain/planted.ts',
    code: "import { createDeps } from '../server/deps';\nexport const deps = createDeps;\n",
  },
  'domain imports a Node module': {
    rule: IMPORTS,
    file: 'domain/planted.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  },
  'domain reads window': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: 'export const width = () => window.innerWidth;\n',
  },
  'domain reads document': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: 'export const title = () => document.title;\n',
  },
  'domain reads localStorage': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: "export const stored = () => localStorage.getItem('x');\n",
  },
  'domain reads navigator': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: 'export const language = () => navigator.language;\n',
  },
  'domain reads location': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: 'export const here = () => location.href;\n',
  },
  'domain calls fetch': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: "export const load = () => fetch('/api/v2/settings');\n",
  },
  'domain reads process': {
    rule: GLOBALS,
    file: 'domain/planted.ts',
    code: 'export const env = () => process.env.NODE_ENV;\n',
  },
  'the server imports the app': {
    rule: IMPORTS,
    file: 'server/routes/planted.ts',
    code: "import { api } from '../../src/api/client';\nexport const client = api;\n",
  },
  'the server imports app types': {
    rule: IMPORTS,
    file: 'server/routes/planted.ts',
    code: "import type { Customer } from '../../src/api/types';\nexport type C = Customer;\n",
  },
  'the server imports a machine': {
    rule: IMPORTS,
    file: 'server/planted.ts',
    code: "import { authMachine } from '../machines/auth/auth.machine';\nexport const m = authMachine;\n",
  },
  "a flow's view imports another flow's view": {
    rule: IMPORTS,
    file: 'src/views/kit-checkout/planted.tsx',
    code: "import { TakeawayAddressStep } from '../takeaway-checkout/takeaway-address-step';\nexport const Step = TakeawayAddressStep;\n",
  },
  "a flow's view reaches another flow through views/": {
    rule: IMPORTS,
    file: 'src/views/kit-checkout/planted.tsx',
    code: "import { AuthFlow } from '../../views/auth/auth-flow';\nexport const Flow = AuthFlow;\n",
  },
  'the shared checkout views import a flow': {
    rule: IMPORTS,
    file: 'src/views/checkout-shared/planted.tsx',
    code: "import { liveKitCheckoutMachine } from '../kit-checkout/kit-checkout-actors';\nexport const m = liveKitCheckoutMachine;\n",
  },
  'a shared component imports a view': {
    rule: IMPORTS,
    file: 'src/components/planted.tsx',
    code: "import { AuthFlow } from '../views/auth/auth-flow';\nexport const Flow = AuthFlow;\n",
  },
  'the app imports the server': {
    rule: IMPORTS,
    file: 'src/views/account/planted.tsx',
    code: "import { createDeps } from '../../../server/deps';\nexport const deps = createDeps;\n",
  },
  'a machine imports react': {
    rule: TS_IMPORTS,
    file: 'machines/planted/planted.machine.ts',
    code: "import { useState } from 'react';\nexport const hook = useState;\n",
  },
  'a machine imports a view': {
    rule: TS_IMPORTS,
    file: 'machines/planted/planted.machine.ts',
    code: "import { AuthFlow } from '../../src/views/auth/auth-flow';\nexport const Flow = AuthFlow;\n",
  },
  'a machine calls the API client': {
    rule: TS_IMPORTS,
    file: 'machines/planted/planted.machine.ts',
    code: "import { api } from '../../src/api/client';\nexport const client = api;\n",
  },
  'a machine reads window': {
    rule: GLOBALS,
    file: 'machines/planted/planted.machine.ts',
    code: 'export const width = () => window.innerWidth;\n',
  },
};

const clean: Record<string, Omit<Planted, 'rule'>> = {
  'domain with itself, date-fns, libphonenumber-js and URL': {
    file: 'domain/planted.ts',
    code: [
      "import { addDays } from 'date-fns';",
      "import { parsePhoneNumberFromString } from 'libphonenumber-js/core';",
      "import { formatPrice } from './money';",
      'export const parts = [addDays, parsePhoneNumberFromString, formatPrice];',
      "export const isLocal = (value: string) => new URL(value, 'https://x.invalid').host === 'x.invalid';",
      '',
    ].join('\n'),
  },
  'the server with domain/ and the contract': {
    file: 'server/routes/planted.ts',
    code: [
      "import type { paths } from '../../openapi/schema';",
      "import { formatPrice } from '../../domain/money';",
      "import { createDeps } from '../deps';",
      'export type Paths = paths;',
      'export const parts = [formatPrice, createDeps];',
      '',
    ].join('\n'),
  },
  'a flow view with its own folder, the shared views and the app': {
    file: 'src/views/kit-checkout/planted.tsx',
    code: [
      "import type { KitStepProps } from './kit-step-props';",
      "import { FailedStep } from '../checkout-shared/failed-step';",
      "import { Button } from '../../components/form/button';",
      "import { useDocumentTitle } from '../../app/use-document-title';",
      "import { api } from '../../api/client';",
      "import { kitCheckoutMachine } from '../../../machines/kit-checkout/kit-checkout.machine';",
      "import { formatPrice } from '../../../domain/money';",
      'export type Props = KitStepProps;',
      'export const parts = [FailedStep, Button, useDocumentTitle, api, kitCheckoutMachine, formatPrice];',
      '',
    ].join('\n'),
  },
  'the app composing every flow': {
    file: 'src/app/planted.tsx',
    code: "import { AuthFlow } from '../views/auth/auth-flow';\nexport const Flow = AuthFlow;\n",
  },
  'a machine with xstate, domain/ and API types': {
    file: 'machines/planted/planted.machine.ts',
    code: [
      "import { setup } from 'xstate';",
      "import type { Customer } from '../../src/api/types';",
      "import { formatPrice } from '../../domain/money';",
      'export type C = Customer;',
      'export const parts = [setup, formatPrice];',
      '',
    ].join('\n'),
  },
};

describe('layer boundaries in eslint.config.js', { timeout: 60_000 }, () => {
  it.each(Object.entries(violations))('fails when %s', async (_name, { rule, file, code }) => {
    const messages = await lint(file, code);
    expect(messages.map(({ ruleId }) => ruleId)).toEqual([rule]);
  });

  it.each(Object.entries(clean))('passes %s', async (_name, { file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
