import type { SnapshotFrom } from 'xstate';
import { ORDER_EDIT_MESSAGES } from '../../../domain/order-edit';
import {
  orderEditMachine,
  type EditableOrder,
  type EditData,
  type EditFailure,
  type AddressDraft,
  type EditPreview,
  type NewAddressFailure,
  type OrderEditChange,
  type PostcodeAddress,
  type SavedAddress,
  type OrderEditEvent,
  type OrderEditInput,
} from '../../../machines/order-edit/order-edit.machine';
import type { PathModel } from '../support/path-model';

type Snapshot = SnapshotFrom<typeof orderEditMachine>;

export const now = '2026-11-24T06:00:00.000Z';
export const order: EditableOrder = {
  id: '7',
  reference: 'ABC-DEF',
  orderType: 'recipe_kit',
  state: 'paid',
  deliveryDate: '2026-12-02',
  deliveryNote: null,
  addressLine: '12 Exmouth Market, London EC1R 4QE',
  voucherCode: null,
  subtotal: 19.5,
  deliveryPrice: 0,
  totalDiscounts: 0,
  totalPrice: 19.5,
  chefSelected: false,
  lines: [{ variantId: '1', title: 'Ravioli', variantTitle: 'Regular', quantity: 3, price: 6.5 }],
};
export const open: EditData = { order, menu: [], addresses: [], now };
export const takeaway: EditData = { ...open, order: { ...order, orderType: 'takeaway' } };
export const late: EditData = { ...open, now: '2026-11-28T06:00:00.000Z' };
export const preview: EditPreview = {
  subtotal: 26,
  deliveryPrice: 0,
  totalDiscounts: 0,
  totalPrice: 26,
  previousTotal: 19.5,
  difference: 6.5,
  cardCharge: 6.5,
  storeCreditSpent: 0,
  storeCreditRefund: 0,
  voucherCode: null,
};
export const saved: EditableOrder = { ...order, totalPrice: 26 };
export const closedRefusal: EditFailure = {
  status: 409,
  code: 'order_edit_closed',
  message:
    'Too late to change this order: changes closed at the cut-off, Friday 27 November, 12:00.',
};
/** Product rule R9.19: the kitchen took the box on (the relay's `accepted`) while it was changed. */
export const takenOnRefusal: EditFailure = {
  status: 409,
  code: 'order_not_editable',
  message: ORDER_EDIT_MESSAGES.notEditable('accepted'),
};
export const refusal: EditFailure = {
  status: 400,
  code: 'not_on_menu',
  message: ORDER_EDIT_MESSAGES.notOnMenu,
};
export const draft: AddressDraft = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '07812 345678',
  address1: '',
  address2: '',
  city: '',
  zip: '',
};
export const found: PostcodeAddress[] = [
  {
    id: 'w4-1',
    address1: '3 Chiswick High Road',
    address2: null,
    city: 'London',
    zip: 'W4 2HD',
    lat: 51.49,
    lon: -0.26,
  } as PostcodeAddress,
];
export const filled: AddressDraft = {
  ...draft,
  address1: '3 Chiswick High Road',
  city: 'London',
  zip: 'W4 2HD',
};
export const newAddress: SavedAddress = { id: '42', line: '3 Chiswick High Road, London W4 2HD' };
export const addressRefusal: NewAddressFailure = {
  status: 400,
  message: 'Enter a real postcode, like W4 2HD',
  field: 'zip',
};
export const lookupRefusal = { status: 404, message: "We couldn't find W1 9ZZ" };
export const items: OrderEditChange = { kind: 'items', items: [{ variantId: '1', quantity: 4 }] };

export const modelEvents = [
  { type: 'xstate.done.actor.loadOrder', output: open },
  { type: 'xstate.done.actor.loadOrder', output: takeaway },
  { type: 'xstate.done.actor.loadOrder', output: late },
  { type: 'xstate.error.actor.loadOrder', error: { status: 0, code: null, message: null } },
  { type: 'order.retry' },
  { type: 'step.open', step: 'delivery-info' },
  { type: 'step.open', step: 'recipes' },
  { type: 'step.open', step: 'change-delivery-address' },
  { type: 'step.open', step: '' },
  { type: 'url.changed', path: 'delivery-info', search: '' },
  { type: 'url.changed', path: 'recipes', search: '' },
  { type: 'url.changed', path: 'change-delivery-address', search: '' },
  { type: 'url.changed', path: '', search: '' },
  { type: 'change.review', change: items },
  { type: 'xstate.done.actor.previewChange', output: preview },
  { type: 'xstate.error.actor.previewChange', error: refusal },
  { type: 'xstate.error.actor.previewChange', error: closedRefusal },
  { type: 'change.confirm' },
  { type: 'change.back' },
  { type: 'xstate.done.actor.saveChange', output: saved },
  { type: 'xstate.error.actor.saveChange', error: refusal },
  { type: 'xstate.error.actor.saveChange', error: takenOnRefusal },
  { type: 'address.new' },
  { type: 'address.find', postcode: '' },
  { type: 'address.find', postcode: 'NOT A CODE' },
  { type: 'address.find', postcode: 'w4  2hd' },
  { type: 'xstate.done.actor.lookupPostcode', output: found },
  { type: 'xstate.error.actor.lookupPostcode', error: lookupRefusal },
  { type: 'foundAddress.choose', addressId: 'w4-1', draft },
  { type: 'newAddress.submit', draft },
  { type: 'newAddress.submit', draft: filled },
  { type: 'newAddress.cancel' },
  { type: 'xstate.done.actor.saveNewAddress', output: newAddress },
  { type: 'xstate.error.actor.saveNewAddress', error: addressRefusal },
] as unknown as OrderEditEvent[];
export const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.fromStep,
    s.context.data?.order.orderType,
    s.context.data?.now,
    s.context.error !== null,
    s.context.noticeId > 0,
    s.context.newAddress.errors.length > 0,
    s.context.newAddress.lookup?.addresses.length ?? null,
    s.context.newAddress.draftVersion > 0,
  ]);

/** The overview's URL, and each step's opened directly (product rule R9.26). */
export const orderEditEntries = (
  ['', 'delivery-info', 'recipes', 'change-delivery-address'] as const
).map((step) => ({
  name: `order 7 at /edit${step ? `/${step}` : ''}`,
  input: { orderId: '7', step },
}));

export const pathModel = {
  machine: orderEditMachine,
  entries: orderEditEntries,
  events: modelEvents,
  serializeState: serialize,
  tooManySimplePaths: 'too many to list; its test walks the shortest path to each transition',
} satisfies PathModel<Snapshot, OrderEditEvent, OrderEditInput>;
