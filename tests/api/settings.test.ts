import { describe, expect, it } from 'vitest';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();

describe('GET /settings', () => {
  it('gives the defaults of product rules R13.1, R13.2 and R8.6: GBP, GB, 10 pound minimums and a 1.99 delivery price', async () => {
    const response = await new ApiClient(testApp().app).get('/settings');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes).toMatchObject({
      currency: 'GBP',
      country: 'GB',
      minimum_spend: 10,
      minimum_spend_per_order: 10,
      default_delivery_price: 1.99,
    });
  });
});

describe('the API boundary', () => {
  it('refuses a state-changing call without the X-Branch header with 403', async () => {
    const response = await new ApiClient(testApp().app)
      .withoutBranch()
      .post('/sessions', { email: 'a@b.co', password: 'x' });

    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toMatchObject({
      status: '403',
      code: 'branch_header_missing',
    });
  });

  it('answers an unknown API path with a JSON:API 404, not the SPA', async () => {
    const response = await new ApiClient(testApp().app).get('/no-such-thing');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().errors[0].code).toBe('not_found');
  });

  it('rejects bad input with a 400 pointing at the field', async () => {
    const response = await new ApiClient(testApp().app).post('/sessions', { email: 'a@b.co' });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({
        status: '400',
        detail: 'password is required',
        source: { pointer: '/password' },
      }),
    );
  });
});
