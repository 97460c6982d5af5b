import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  kitOrder,
  signUp,
  takeawayOrderAndPay,
  type Acknowledged,
} from './support/browser';
import { pgliteTarget, sharedPostgresTarget, type Target } from './support/databases';
import { ROUNDS } from './support/rounds';
import { killHard, startServer, stopGracefully } from './support/server';

const WORKERS = 4;
/**
 * Where each round dies: at a payment crash point (server/services/crash-points.ts, a no-op in a
 * build without it, where the random kill below applies instead) or at a random moment.
 */
const CRASH_POINTS = [
  'payments.after-charge',
  undefined,
  'payments.after-record',
  'payments.before-charge',
];
const PAID_STATES = "('paid','accepted','shipped','ready','delivered','collected')";

/** Customers signing up and ordering (takeaway and paid kit boxes) until `stop` is set. */
function load(baseUrl: string, acknowledged: Acknowledged, stop: { now: boolean }) {
  const worker = async (n: number) => {
    for (let i = 0; !stop.now; i += 1) {
      const browser = new Browser(baseUrl);
      try {
        await signUp(browser, acknowledged);
        if ((n + i) % 2 === 0) await takeawayOrderAndPay(browser, acknowledged);
        else await kitOrder(browser, acknowledged);
      } catch {
        // The kill (a refused connection) or an answer the invariants below judge anyway.
        if (!stop.now) await sleep(50);
      }
    }
  };
  return Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
}

const list = (values: (string | number)[]) =>
  values.length ? values.map((v) => (typeof v === 'number' ? v : `'${v}'`)).join(',') : 'NULL';

/** What a crash must never leave behind, as rows that break each rule (empty when all hold). */
async function violations(target: Target, acknowledged: Acknowledged) {
  const q = (sql: string) => target.query(sql);
  const customers = await q(
    `SELECT email FROM customers WHERE email IN (${list(acknowledged.emails)})`,
  );
  const found = new Set(customers.map((row) => row.email));
  const orderIds = acknowledged.orders.map((o) => o.id);
  const orders = await q(`SELECT id FROM orders WHERE id IN (${list(orderIds)})`);
  const foundOrders = new Set(orders.map((row) => Number(row.id)));
  return {
    lostSignUps: acknowledged.emails.filter((email) => !found.has(email)),
    lostOrders: orderIds.filter((id) => !foundOrders.has(id)),
    ordersWithoutLines: await q(
      `SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_line_items l WHERE l.order_id = o.id)`,
    ),
    deliveriesWithoutAddress: await q(
      `SELECT id FROM orders WHERE address IS NULL
         AND (type = 'recipe_kit' OR (type = 'takeaway' AND fulfillment_type = 'delivery'))`,
    ),
    paidWithoutPayment: await q(
      `SELECT o.id FROM orders o WHERE o.state IN ${PAID_STATES}
         AND o.total_pence - o.store_credit_pence > 0
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'succeeded')`,
    ),
    chargedButUnpaid: await q(
      `SELECT o.id, o.state FROM orders o
         WHERE o.state NOT IN ${PAID_STATES}
         AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'succeeded')`,
    ),
    twoCharges: await q(
      `SELECT order_id FROM payments WHERE state = 'succeeded' GROUP BY order_id HAVING count(*) > 1`,
    ),
    lostPayments: await q(
      `SELECT o.id FROM orders o WHERE o.id IN (${list(acknowledged.paidOrders)})
         AND o.state NOT IN ${PAID_STATES}`,
    ),
  };
}

async function processingPayments(target: Target) {
  return target.query(`SELECT id, order_id, state FROM payments WHERE state = 'processing'`);
}

describe.each([
  ['PGlite', pgliteTarget as () => Target | Promise<Target>],
  ['PostgreSQL', sharedPostgresTarget],
])('kill -9 under a load of sign-ups, orders and payments on %s', (_, makeTarget) => {
  let target: Target;
  beforeAll(async () => {
    target = await makeTarget();
  });
  afterAll(async () => {
    await target?.dispose();
  });

  for (let round = 1; round <= ROUNDS; round += 1) {
    let afterRestart: Awaited<ReturnType<typeof violations>> | undefined;
    let processing: unknown[] = [];

    it(`round ${round}: after kill -9 and a restart no acknowledged write is lost and no order is half-written`, async () => {
      const acknowledged: Acknowledged = { emails: [], orders: [], paidOrders: [] };
      const crashPoint = CRASH_POINTS[(round - 1) % CRASH_POINTS.length];
      const server = await startServer({
        ...target.env,
        ...(crashPoint ? { SFOGLIA_CRASH_POINT: crashPoint } : {}),
      });
      const alive = () => server.child.exitCode === null && server.child.signalCode === null;
      const stop = { now: false };
      const running = load(server.url, acknowledged, stop);
      // Kill at a random moment once some writes are acknowledged, so each round cuts elsewhere.
      const deadline = Date.now() + 60_000;
      while (acknowledged.paidOrders.length < 2 && alive() && Date.now() < deadline)
        await sleep(100);
      await sleep(Math.random() * 1500);
      await killHard(server);
      stop.now = true;
      await running;
      console.info(
        `${target.name} round ${round} (${crashPoint ?? 'random kill'}): killed after ${acknowledged.emails.length} sign-ups, ` +
          `${acknowledged.orders.length} orders, ${acknowledged.paidOrders.length} paid`,
      );
      expect(acknowledged.emails.length, 'sign-ups before the kill').toBeGreaterThan(0);
      expect(acknowledged.orders.length, 'orders before the kill').toBeGreaterThan(0);

      // The restart recovers (PGlite's WAL, PostgreSQL's own) and runs the payment reconciler.
      const restarted = await startServer(target.env);
      const ready = await fetch(`${restarted.url}/health/ready`);
      expect(ready.status).toBe(200);
      await sleep(5000);
      const exit = await stopGracefully(restarted);
      expect(exit).toEqual({ code: 0, signal: null });

      afterRestart = await violations(target, acknowledged);
      processing = await processingPayments(target);
      expect(afterRestart).toEqual({
        lostSignUps: [],
        lostOrders: [],
        ordersWithoutLines: [],
        deliveriesWithoutAddress: [],
        paidWithoutPayment: [],
        chargedButUnpaid: [],
        twoCharges: [],
        lostPayments: [],
      });
    });

    it(`round ${round}: no payment is left processing once the reconciler has run`, () => {
      expect(afterRestart, 'the round above ran').toBeDefined();
      expect(processing).toEqual([]);
    });
  }
});
