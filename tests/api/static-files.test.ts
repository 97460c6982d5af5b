import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { orders } from '../../server/db/schema';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { jsonForScript, PAGE_DATA_MARKER } from '../../server/http/static-files';
import { precompress } from '../../scripts/precompress';
import { weeklyMenusRequest } from '../../domain/storefront-queries';
import { firstOrderableWeek } from '../../domain/weeks';
import { eq } from 'drizzle-orm';
import { ApiClient } from './support/test-app';
import { signupBody } from './support/customers';
import { takeawayOrder } from './support/takeaway-orders';
import { createTestDatabase } from './support/test-database';

// A stand-in for dist/ after `npm run build`: a shell with the page-data marker, a hashed entry
// and a screen's lazy chunk in the manifest, precompressed by the build's own script.
const SHELL = `<!doctype html><html><head><meta charset="UTF-8" /><title>Sfoglia</title>${PAGE_DATA_MARKER}<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const ENTRY = `console.log(${JSON.stringify('fresh pasta '.repeat(200))});\n`;
const DEMO_BANNER = 'Demo </script><script>alert(1)</script> & <!-- friends';
const spaRoot = mkdtempSync(path.join(os.tmpdir(), 'sfoglia-static-'));
mkdirSync(path.join(spaRoot, 'assets'));
mkdirSync(path.join(spaRoot, '.vite'));
writeFileSync(path.join(spaRoot, 'index.html'), SHELL);
writeFileSync(path.join(spaRoot, 'assets/index-abc123.js'), ENTRY);
writeFileSync(path.join(spaRoot, 'assets/tiny-def456.js'), 'export {};\n');
writeFileSync(path.join(spaRoot, 'assets/login-777.js'), 'export const login = 1;\n');
writeFileSync(path.join(spaRoot, 'assets/takeaway-888.js'), 'export const menu = 1;\n');
writeFileSync(path.join(spaRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(
  path.join(spaRoot, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc123.js', isEntry: true },
    'src/views/auth/auth-flow.tsx': {
      file: 'assets/login-777.js',
      imports: ['index.html'],
      css: ['assets/login-777.css'],
    },
    'src/views/takeaway-menu/takeaway-menu-page.tsx': {
      file: 'assets/takeaway-888.js',
      imports: ['index.html'],
    },
    'src/views/account/account-layout.tsx': {
      file: 'assets/account-1.js',
      imports: ['index.html'],
      css: ['assets/account-1.css'],
    },
    'src/views/account/account-dashboard.tsx': {
      file: 'assets/dashboard-2.js',
      imports: ['index.html'],
      css: ['assets/dashboard-2.css'],
    },
  }),
);
precompress(path.join(spaRoot, 'assets'));
// A stand-in for dist-ssr/ (src/ssr/entry-server.tsx built): it draws the URL and the demo banner
// and the answers it is handed, and fails for one restaurant, as a screen with a bug would.
mkdirSync(`${spaRoot}-ssr`);
writeFileSync(
  `${spaRoot}-ssr/entry-server.js`,
  `export async function renderScreen(url, { settings, answers, live_orders }) {
    if (url === '/restaurant/13') throw new Error('a screen that fails on the server');
    if (url.startsWith('/restaurant/14')) await new Promise((resolve) => setTimeout(resolve, 1500));
    const shown = Object.keys(answers).join(' ');
    const live = live_orders ? '<p>Live: ' + live_orders.data.map((order) => order.id).join(' ') + '</p>' : '';
    return '<main><h1>Drawn for ' + url + '</h1><p>' + settings.demo_banner.length + '</p><p>' + shown + '</p>' + live + '</main>';
  }\n`,
);

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_BANNER }),
    database,
    serveSpa: spaRoot,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(spaRoot, { recursive: true, force: true });
  rmSync(`${spaRoot}-ssr`, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The JSON the shell carries, read as the browser's parser would: up to the first `</script`. */
function pageData(html: string): unknown {
  const match = /<script type="application\/json" id="sfoglia-page-data">([\s\S]*?)<\/script/i.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no page data in the shell');
  return JSON.parse(match[1]);
}

describe('hashed assets (product rule R13.6)', () => {
  it('are cached for a year, immutable, varying by Accept-Encoding', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(ENTRY);
  });

  it('are sent as Brotli to a browser that accepts it, with the script type kept', async () => {
    const response = await get('/assets/index-abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBeLessThan(ENTRY.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it('are sent as gzip to a client without Brotli', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it('are sent plain when a file is too small to gain from compression', async () => {
    const response = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it('are a 404, not the shell, when missing', async () => {
    const response = await get('/assets/gone-000.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('leaves files whose name never changes at a day', async () => {
    const response = await get('/favicon.svg');
    expect(response.headers['cache-control']).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );
  });
});

describe('the shell (product rules R13.6 and R14.12)', () => {
  it('is never cached long', async () => {
    for (const url of ['/pasta-now', '/login', '/no-such-page']) {
      const response = await get(url);
      expect(response.headers['cache-control']).toMatch(/no-cache/);
      expect(response.headers['cache-control']).not.toMatch(/max-age=[1-9]/);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('carries the public settings, so the first view asks for nothing', async () => {
    const settings = (await new ApiClient(app).get('/settings')).json().data.attributes;
    const response = await get('/signup');
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body)).toEqual({ settings, signed_in: false });
  });

  it('escapes the data so no text in it can end the script element', async () => {
    const response = await get('/support');
    expect(response.body.match(/<\/script/gi)).toHaveLength(2);
    expect(response.body).not.toContain('<!-- friends');
    expect(pageData(response.body)).toMatchObject({ settings: { demo_banner: DEMO_BANNER } });
    expect(jsonForScript({ text: '</script>\u2028' })).toBe(
      '{"text":"\\u003c/script\\u003e\\u2028"}',
    );
  });

  it('says whether the request has a signed-in session', async () => {
    const browser = new ApiClient(app);
    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    const signedIn = await get('/account', { cookie: browser.cookieHeader });
    expect(pageData(signedIn.body)).toMatchObject({ signed_in: true });
    expect(signedIn.headers['cache-control']).toMatch(/private/);

    const forged = await get('/account', { cookie: 'sfoglia_session=not-a-session' });
    expect(pageData(forged.body)).toMatchObject({ signed_in: false });
  });

  it('carries a signed-in customer\'s orders in progress, so the "on its way" link comes with the first paint', async () => {
    const browser = new ApiClient(app);
    expect((await browser.post('/customers', signupBody())).statusCode).toBe(201);
    const orderId = await takeawayOrder(browser);
    const none = pageData((await get('/support', { cookie: browser.cookieHeader })).body);
    expect(none).toMatchObject({ signed_in: true, live_orders: { data: [] } });

    await database.db.update(orders).set({ state: 'paid' }).where(eq(orders.id, orderId));
    const live = await get('/support', { cookie: browser.cookieHeader });
    const api = (await browser.get('/orders/live')).json();
    expect(api.data.map((order: { id: string }) => order.id)).toEqual([String(orderId)]);
    expect(pageData(live.body)).toMatchObject({ live_orders: api });
    // A drawn screen is drawn with them.
    const drawn = await get('/restaurants', { cookie: browser.cookieHeader });
    expect(drawn.body).toContain(`<p>Live: ${orderId}</p>`);

    expect(pageData((await get('/support')).body)).not.toHaveProperty('live_orders');
    expect((await get('/restaurants')).body).not.toContain('Live:');
  });

  it('carries a signed-in customer on an account page, as GET me answers them, so the session reads no /me (R14.12)', async () => {
    const browser = new ApiClient(app);
    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    const me = (await browser.get('/me')).json();
    for (const url of ['/account/dashboard', '/account/my-details', '/account']) {
      const page = await get(url, { cookie: browser.cookieHeader });
      expect(pageData(page.body), url).toMatchObject({ signed_in: true, customer: me });
      // Their own data: kept in no cache, so Back after sign-out cannot bring it back.
      expect(page.headers['cache-control'], url).toBe('no-store, private');
    }
    expect((await get('/support', { cookie: browser.cookieHeader })).headers['cache-control']).toBe(
      'no-cache, private',
    );
    // Only where the page needs them, and only for their own cookie.
    expect(
      pageData((await get('/support', { cookie: browser.cookieHeader })).body),
    ).not.toHaveProperty('customer');
    expect(pageData((await get('/account/dashboard')).body)).not.toHaveProperty('customer');
    expect(
      pageData((await get('/accountant', { cookie: browser.cookieHeader })).body),
    ).not.toHaveProperty('customer');
  });

  it('is sent compressed as the browser accepts: Brotli first, then gzip (R13.6)', async () => {
    const plain = await get('/menu');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/menu', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(html).toContain('<h1>Drawn for /menu</h1>');
    expect(br.rawPayload.length).toBeLessThan(html.length / 3);

    const gz = await get('/menu', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain('<h1>Drawn for /menu</h1>');

    expect(
      (await get('/menu', { 'accept-encoding': 'br;q=0, identity' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it("preloads the screen's own chunk", async () => {
    const signup = await get('/signup');
    expect(signup.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-777.js" />',
    );
    expect(signup.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/login-777.css" />',
    );
    expect(signup.body).not.toContain('href="/assets/index-abc123.js" />');
    expect((await get('/no-such-page')).body).not.toContain('modulepreload');
    // The dashboard's own chunk lies within the account's: both come with its page.
    const dashboard = (await get('/account/dashboard')).body;
    const details = (await get('/account/my-details')).body;
    for (const file of ['account-1.js', 'account-1.css', 'dashboard-2.js', 'dashboard-2.css'])
      expect(dashboard).toContain(`href="/assets/${file}"`);
    expect(details).toContain('href="/assets/account-1.css"');
    expect(details).not.toContain('dashboard-2');
  });

  it('keeps the 404 status for a path that is no screen (product rule R1.13)', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(pageData(response.body)).toMatchObject({ signed_in: false });
  });
});

describe('screens drawn on the server (product rule R14.14)', () => {
  const bootScript = `${
    'const t={},k=e=>{const b=e.target.closest&&e.target.closest(t.app?"#main button":"button");' +
    'if(b){e.preventDefault();e.stopPropagation();t.button=b}};addEventListener("click",k,true);' +
    't.stop=()=>removeEventListener("click",k,true);window.sfogliaEarlyTap=t;'
  }const s=()=>{const g=i=>{const l=document.getElementById(i);l&&document.head.append(l.content)};g("sfoglia-later");document.getElementById("root").firstElementChild||g("sfoglia-browser");setTimeout(()=>import("/assets/index-abc123.js"))};${
    'document.getElementById("root").firstElementChild&&' +
    'PerformanceObserver.supportedEntryTypes?.includes("paint")?' +
    'new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();s()}})' +
    '.observe({type:"paint",buffered:true}):requestAnimationFrame(s)'
  }`;
  const bootHash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;

  it('carry the screen in the root, with its page data', async () => {
    const response = await get('/signup');
    expect(response.body).toContain('<div id="root"></div>');
    const drawn = await get('/restaurants');
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain(
      `<div id="root"><main><h1>Drawn for /restaurants</h1><p>${DEMO_BANNER.length}</p><p>/restaurants/all</p></main></div>`,
    );
    expect(pageData(drawn.body)).toMatchObject({ signed_in: false });
  });

  it("carry the recipe-kit menu's first orderable week, its ratings and the bundles, as the API answers them", async () => {
    const week = firstOrderableWeek(new Date());
    const handle = `menu-${week}`;
    const browser = new ApiClient(app);
    const storefront = (
      await browser.post('/storefront/graphql', weeklyMenusRequest([handle]))
    ).json() as { data: { w0: { id: string; handle: string } } };
    const menuId = storefront.data.w0.id.split('/').pop();
    const reviews = `/weekly_menus/${menuId}/review_summary`;

    const response = await get('/menu');
    expect(response.body).toContain(`<p>/bundles /storefront/graphql#${handle} ${reviews}</p>`);
    const { answers } = pageData(response.body) as { answers: Record<string, unknown> };
    expect(storefront.data.w0.handle).toBe(handle);
    expect(answers).toEqual({
      '/bundles': (await browser.get('/bundles')).json(),
      [`/storefront/graphql#${handle}`]: storefront.data,
      [reviews]: (await browser.get(reviews)).json(),
    });
  });

  it('carry the public reads they show, as the API answers them, dated', async () => {
    const before = Date.now();
    const response = await get('/restaurant/16');
    expect(response.body).toContain('<p>/restaurants/16</p>');
    const restaurant = (await new ApiClient(app).get('/restaurants/16')).json();
    const data = pageData(response.body) as { answers: unknown; served_at: number };
    expect(data.answers).toEqual({ '/restaurants/16': restaurant });
    expect(data.served_at).toBeGreaterThanOrEqual(before);

    const all = pageData((await get('/restaurants')).body) as { answers: object };
    expect(Object.keys(all.answers)).toEqual(['/restaurants/all']);
  });

  it('leave out a read the API refused, and still draw the screen', async () => {
    const response = await get('/restaurant/999999');
    expect(response.body).toContain('<h1>Drawn for /restaurant/999999</h1>');
    expect(pageData(response.body)).toMatchObject({ answers: {} });
  });

  it('fetch and run the app only after the first paint, its scripts at low priority', async () => {
    const response = await get('/login');
    // The screen's chunk and the entry wait, inert, until the boot script puts them in the head;
    // its stylesheet does not.
    expect(response.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/login-777.css" /><template id="sfoglia-later">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/login-777.js" />' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-abc123.js" />' +
        `</template><script type="module">${bootScript}</script>`,
    );
    expect(response.body.match(/<link rel="modulepreload"/g)).toHaveLength(2);
    expect(response.body).not.toContain('<script type="module" src=');
  });

  const storedFirst =
    'try{localStorage.getItem("sfoglia.delivery")&&' +
    'document.getElementById("root").replaceChildren()}catch(e){}';
  const storedFirstHash = `'sha256-${createHash('sha256').update(storedFirst).digest('base64')}'`;

  it('allow exactly their inline scripts by their hashes: the boot script, and address search’s', async () => {
    const drawn = (await get('/restaurants')).headers['content-security-policy'];
    expect(drawn).toContain(`script-src 'self' ${bootHash} ${storedFirstHash};`);
    expect(drawn).not.toContain('unsafe-inline');
    const plain = (await get('/signup')).headers['content-security-policy'];
    expect(plain).not.toContain('sha256');
  });

  it("draw address search's postcode form, emptied before it paints in a browser with a stored delivery (R3.10)", async () => {
    const page = (await get('/pasta-now-search-address')).body;
    expect(page).toContain(
      `<div id="root"><main><h1>Drawn for /pasta-now-search-address</h1><p>${DEMO_BANNER.length}</p><p></p></main></div><script>${storedFirst}</script>`,
    );
    expect((await get('/restaurants')).body).not.toContain(storedFirst);
  });

  it('draw the takeaway menu as address search in place, which a first visit takes the URL of as the page is read (R14.15)', async () => {
    const script =
      'try{localStorage.getItem("sfoglia.delivery")||' +
      'history.replaceState(history.state,"","/pasta-now-search-address")}catch(e){}';
    const response = await get('/pasta-now');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<meta charset="UTF-8" /><script>${script}</script>`);
    // Address search as its own page draws it, emptied where a delivery is stored.
    expect(response.body).toContain(
      `<div id="root"><main><h1>Drawn for /pasta-now-search-address</h1><p>${DEMO_BANNER.length}</p><p></p></main></div><script>${storedFirst}</script>`,
    );
    // The takeaway menu's own chunk, for a browser that draws it, is fetched only there.
    expect(response.body).toContain(
      '<template id="sfoglia-browser"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/takeaway-888.js" /></template>',
    );
    expect((await get('/pasta-now-search-address')).body).not.toContain(
      '<template id="sfoglia-browser">',
    );
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' ${bootHash} ${storedFirstHash} ${hash(script)};`,
    );
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect((await get('/login')).body).not.toContain(script);
  });

  it('draw sign-in, password recovery and help for a visitor only, whose session starts signed out (R14.12)', async () => {
    for (const url of [
      '/login',
      '/social-login',
      '/forgot-password',
      '/login?returnTo=%2Fmenu',
      '/support',
    ]) {
      const visitor = await get(url);
      expect(visitor.body, url).toContain(`<h1>Drawn for ${url.replace('&', '&amp;')}</h1>`);
      expect(pageData(visitor.body), url).toMatchObject({ signed_in: false });
    }
    const browser = new ApiClient(app);
    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    for (const url of ['/login', '/support']) {
      const customer = await get(url, { cookie: browser.cookieHeader });
      expect(customer.body, url).toContain('<div id="root"></div>');
      expect(pageData(customer.body), url).toMatchObject({ signed_in: true });
    }
  });

  it("draw a signed-in customer's dashboard with their three reads, as their cookie sees them, and not a visitor's (R14.12)", async () => {
    expect((await get('/account/dashboard')).body).toContain('<div id="root"></div>');
    const browser = new ApiClient(app);
    await browser.post('/sessions', {
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    const page = await get('/account/dashboard', { cookie: browser.cookieHeader });
    expect(page.body).toContain('<h1>Drawn for /account/dashboard</h1>');
    const data = pageData(page.body) as { answers: Record<string, unknown> };
    for (const read of ['/subscriptions', '/schedule_weeks', '/orders/pending_payment'])
      expect(data.answers[read], read).toEqual((await browser.get(read)).json());
    expect(data).toMatchObject({ customer: (await browser.get('/me')).json() });
  });

  it('are left to the browser where the screen redirects or is not public', async () => {
    // A one-time link (R2.1, R2.21) signs in before it shows a screen.
    const browserDrawn = ['/support-success', '/signup', '/login?token=abc'];
    for (const url of [...browserDrawn, '/checkout/delivery/address']) {
      const response = await get(url);
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain('<script type="module" src="/assets/index-abc123.js">');
    }
  });

  it('fall back to the plain shell when a render takes over 1 s', async () => {
    const started = Date.now();
    const response = await get('/restaurant/14');
    expect(response.body).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(1_400);
    await new Promise((resolve) => setTimeout(resolve, 600)); // its render ends, still counted till then
  });

  it('are not queued without bound: past 4 renders in flight a page gets the plain shell', async () => {
    const started = Date.now();
    const waited = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const page = await get(`/restaurant/14?visitor=${index}`);
        expect(page.body).toContain('<div id="root"></div>');
        return Date.now() - started;
      }),
    );
    // Four waited for their render's timeout; the other four were not drawn at all.
    expect(waited.filter((ms) => ms >= 900)).toHaveLength(4);
    expect(waited.filter((ms) => ms < 900)).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 700)); // the slow renders end
    const drawn = await get('/restaurant/16');
    expect(drawn.body).toContain('<h1>Drawn for /restaurant/16</h1>');
  });

  it('fall back to the plain shell when the server cannot draw them', async () => {
    const response = await get('/restaurant/13');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['content-security-policy']).not.toContain('sha256');
  });
});
