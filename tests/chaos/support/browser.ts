import { randomBytes } from 'node:crypto';
import { addDays, firstOrderableWeek } from '../../../domain/weeks';

export interface Answer {
  status: number;
  /** The parsed JSON body (undefined when there was none). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  retryAfter: string | null;
  ms: number;
}

/** A browser as the SPA uses the API over real HTTP: JSON, X-Branch: web, the session cookie. */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { 'x-branch': 'web' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const started = Date.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      retryAfter: response.headers.get('retry-after'),
      ms: Date.now() - started,
    };
  }

  get = (path: string) => this.call('GET', `/api/v2${path}`);
  post = (path: string, body: unknown = {}) => this.call('POST', `/api/v2${path}`, body);
  put = (path: string, body: unknown = {}) => this.call('PUT', `/api/v2${path}`, body);
}

export class UnexpectedAnswer extends Error {}

/** The call's data, or an error naming the step (the load stops this customer there). */
async function expectOk(step: string, answer: Promise<Answer>) {
  const { status, body } = await answer;
  if (status < 200 || status >= 300)
    throw new UnexpectedAnswer(`${step}: ${status} ${JSON.stringify(body)}`);
  return { status, data: body.data };
}

export function signupBody() {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `chaos.${randomBytes(6).toString('hex')}@example.com`,
    password: 'tagliatelle-42',
    accepts_emails: true,
    accepts_sms: false,
    accepts_mail: false,
  };
}

/** What the server acknowledged with a 2xx: after a crash all of it must still be there. */
export interface Acknowledged {
  emails: string[];
  orders: { id: number; type: 'takeaway' | 'recipe_kit' }[];
  /** Orders whose payment was answered 201 succeeded. */
  paidOrders: number[];
}

export async function signUp(browser: Browser, acknowledged: Acknowledged) {
  const body = signupBody();
  await expectOk('sign-up', browser.post('/customers', body));
  acknowledged.emails.push(body.email);
}

/** A card saved through the sandbox as the card form does; answers its payment method id. */
export async function saveCard(browser: Browser): Promise<string> {
  const { data: setup } = await expectOk(
    'card setup',
    browser.post('/payment_methods/setup', {
      type: 'CreditCard',
      payment_processor_name: 'sandbox',
    }),
  );
  await expectOk(
    'card confirm',
    browser.post(`/sandbox/setup_intents/${setup.id}/confirm`, {
      client_secret: setup.attributes.client_secret,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
    }),
  );
  const { data: method } = await expectOk(
    'card save',
    browser.post('/payment_methods', {
      setup_intent_id: setup.id,
      payment_processor_name: 'sandbox',
      type: 'CreditCard',
    }),
  );
  return method.id as string;
}

/** A takeaway delivery from the seeded Chiswick restaurant, then its payment. */
export async function takeawayOrderAndPay(browser: Browser, acknowledged: Acknowledged) {
  const { data: basket } = await expectOk(
    'takeaway basket',
    browser.post('/baskets', {
      type: 'TakeawayBasket',
      restaurant_id: 16,
      fulfillment_type: 'delivery',
      address: {
        address1: '12 Devonshire Road',
        city: 'London',
        zip: 'W4 2HD',
        phone: '+447812345678',
        lat: 51.4916,
        lon: -0.2555,
      },
    }),
  );
  await expectOk(
    'takeaway item',
    browser.post(`/baskets/${basket.id}/items`, {
      product_variant_id: '102',
      quantity: 2,
      sub_items: [{ product_variant_id: '901' }],
    }),
  );
  const cardId = await saveCard(browser);
  const { data: order } = await expectOk(
    'takeaway order',
    browser.post('/orders/takeaway', { basket_id: basket.id }),
  );
  acknowledged.orders.push({ id: Number(order.id), type: 'takeaway' });
  const payment = await expectOk(
    'payment',
    browser.post('/payments', { order_id: order.id, payment_method_id: cardId }),
  );
  if (payment.status === 201) acknowledged.paidOrders.push(Number(order.id));
}

/** A recipe-kit box for the first week still open, ordered with a saved card and address. */
export async function kitOrder(browser: Browser, acknowledged: Acknowledged) {
  const { data: address } = await expectOk(
    'address',
    browser.post('/addresses', {
      first_name: 'Carla',
      last_name: 'Bianchi',
      phone: '07812 345678',
      address1: '12 Devonshire Road',
      city: 'London',
      zip: 'W4 2HD',
    }),
  );
  const cardId = await saveCard(browser);
  const week = firstOrderableWeek(new Date());
  const { data: basket } = await expectOk(
    'kit basket',
    browser.post('/baskets', { type: 'RecipeKitBasket', start_subscription: true }),
  );
  await expectOk(
    'kit basket details',
    browser.put(`/baskets/${basket.id}`, {
      frequency: 2,
      number_of_recipes: 2,
      start_subscription: true,
      delivery_date: addDays(week, 2),
    }),
  );
  for (const variant of ['11', '21'])
    await expectOk(
      'kit item',
      browser.post(`/baskets/${basket.id}/items`, {
        product_variant_id: variant,
        quantity: 1,
        meal_week: week,
      }),
    );
  const order = await expectOk(
    'kit order',
    browser.post('/orders/recipe_kits', {
      basket_id: basket.id,
      shipping_address_id: address.id,
      payment_method_id: cardId,
    }),
  );
  acknowledged.orders.push({ id: Number(order.data.id), type: 'recipe_kit' });
  if (order.status === 201 && order.data.attributes.state === 'paid')
    acknowledged.paidOrders.push(Number(order.data.id));
}
