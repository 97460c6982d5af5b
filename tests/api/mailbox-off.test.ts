import { describe, expect, it } from 'vitest';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { NODE_ENV: 'production' } });

describe('the development mailbox in production', () => {
  it('does not exist', async () => {
    expect((await new ApiClient(testApp().app).get('/dev/emails')).statusCode).toBe(404);
    expect((await testApp().app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(
      404,
    );
  });
});
