// @vitest-environment jsdom
// The browser's own HTML parser (jsdom) reads the page, so the test does not trust our regex.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app';

// The page as `npm run build:api-reference` makes it, from the real contract.
const buildDir = mkdtempSync(path.join(tmpdir(), 'sfoglia-api-reference-'));
const built = path.join(buildDir, 'api-reference.html');
beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      'node_modules/@redocly/cli/bin/cli.js',
      'build-docs',
      'openapi/openapi.yaml',
      '--inlineBundle',
      '-o',
      built,
    ],
    { stdio: 'ignore' },
  );
}, 60_000);
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

const on = useTestApp({ env: { DEV_TOOLS: 'true' }, apiReferenceFile: built });
const notBuilt = useTestApp({
  env: { DEV_TOOLS: 'true' },
  apiReferenceFile: path.join(buildDir, 'missing.html'),
});

const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** One directive's sources, e.g. script-src's. */
function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}

// Hidden when the development tools are off or the request is not local: tests/api/dev-tools.test.ts.
describe('the API reference (/dev/api-reference)', () => {
  it('renders the contract for a local request with the development tools on', async () => {
    const response = await on().app.inject({ method: 'GET', url: '/dev/api-reference' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = parseHtml(response.body);
    expect(page.title).toBe('Sfoglia API');
    expect(response.body).toContain('createTakeawayOrder');
  });

  it('allows exactly its own scripts, by hash: no script from anywhere, no inline script added', async () => {
    const response = await on().app.inject({ method: 'GET', url: '/dev/api-reference' });
    const policy = String(response.headers['content-security-policy']);
    const scripts = [...parseHtml(response.body).querySelectorAll('script')];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.hasAttribute('src'))).toEqual([]);
    expect(sources(policy, 'script-src')).toEqual([
      ...scripts.map((script) => sha256(script.textContent ?? '')),
      "'unsafe-eval'",
    ]);
    expect(sources(policy, 'default-src')).toEqual(["'none'"]);
    expect(sources(policy, 'connect-src')).toEqual(["'self'"]);
    expect(sources(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('says how to build it when it is not built', async () => {
    const response = await notBuilt().app.inject({ method: 'GET', url: '/dev/api-reference' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({
      code: 'api_reference_not_built',
      detail: 'Run npm run build:api-reference (npm start does), then reload',
    });
  });
});
