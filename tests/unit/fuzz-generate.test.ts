import { describe, expect, it } from 'vitest';
import { specificationPath } from '../../server/app';
import { loadOperations } from '../../scripts/fuzz/contract';
import { requestsFor } from '../../scripts/fuzz/generate';

const operations = loadOperations(specificationPath);

describe('the bad-input generator', () => {
  it('covers every operation of the contract', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(
      operations.length,
    );
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const operation = operations.find((candidate) => candidate.operationId === 'updateAddress')!;
    const counts = { invalid: 50, valid: 20 };
    expect(requestsFor(operation, 1, counts)).toEqual(requestsFor(operation, 1, counts));
    expect(requestsFor(operation, 1, counts)).not.toEqual(requestsFor(operation, 2, counts));
  });

  it('sends each operation the requested invalid and valid-shaped requests, of many kinds', () => {
    for (const operation of operations) {
      const requests = requestsFor(operation, 1, { invalid: 50, valid: 20 });
      expect(requests.filter((request) => !request.valid)).toHaveLength(50);
      expect(requests.filter((request) => request.valid)).toHaveLength(20);
    }
    const address = operations.find((candidate) => candidate.operationId === 'updateAddress')!;
    const kinds = requestsFor(address, 1, { invalid: 50, valid: 0 }).map((request) => request.kind);
    for (const kind of [
      'wrong type',
      'missing',
      'NUL byte',
      'characters',
      'content-type',
      'malformed JSON',
      'bad id',
    ])
      expect(
        kinds.some((candidate) => candidate.includes(kind)),
        kind,
      ).toBe(true);
  });
});
