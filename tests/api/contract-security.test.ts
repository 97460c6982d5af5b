import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { specificationPath } from '../../server/app';
import { loadOperations } from '../../scripts/fuzz/contract';
import { Random, validRequest } from '../../scripts/fuzz/generate';
import { useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { DEV_TOOLS: 'true' } });

type Requirement = Record<string, string[]>;
interface Document {
  security: Requirement[];
  paths: Record<string, Record<string, { operationId?: string; security?: Requirement[] }>>;
}

/** Each operation's security requirements, the document's default where it states none. */
function securityByOperation(): Map<string, Requirement[]> {
  const document = parse(readFileSync(specificationPath, 'utf8')) as Document;
  const found = new Map<string, Requirement[]>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item))
      if (operation.operationId)
        found.set(operation.operationId, operation.security ?? document.security);
  return found;
}

/** What a call without any session or signature should get, read from the requirements. */
function expectedWithoutCredentials(requirements: Requirement[]): 'refused' | 'answered' {
  const open = requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);
  return open ? 'answered' : 'refused';
}

/**
 * The 401s of a missing session (requireCustomer) and of a missing relay signature. A sign-in's
 * 401 for a wrong password or token is about what it was sent, not about who sends it.
 */
const REFUSALS = new Set<string | undefined>(['unauthorized', 'invalid_signature']);

const errorCode = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { errors?: { code?: string }[] }).errors?.[0]?.code;
  } catch {
    return undefined;
  }
};

/**
 * The contract's `security` is documentation (fastify-openapi-glue enforces none of it): this
 * holds it to what the handlers do. A valid-shaped call with no session cookie (and no relay
 * signature) is a 401 exactly where the contract requires one, whatever the operation.
 */
describe('the contract says who may call each operation', () => {
  it(
    'is a 401 without credentials exactly where a session or a signature is required',
    { timeout: 120_000 },
    async () => {
      const { app } = testApp();
      const security = securityByOperation();
      const mismatches: string[] = [];
      for (const operation of loadOperations(specificationPath)) {
        const request = validRequest(new Random(7), operation);
        const response = await app.inject({
          method: request.method,
          url: request.url,
          headers: { ...request.headers, 'x-branch': 'web' },
          payload: request.payload,
        });
        const expected = expectedWithoutCredentials(security.get(operation.operationId) ?? []);
        const got = REFUSALS.has(errorCode(response.body)) ? 'refused' : 'answered';
        if (got !== expected)
          mismatches.push(
            `${operation.operationId}: ${response.statusCode} ${got}, expected ${expected}`,
          );
      }
      expect(mismatches).toEqual([]);
    },
  );
});
