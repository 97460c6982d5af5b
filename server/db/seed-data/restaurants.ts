import type { restaurants } from '../schema';

type Restaurant = typeof restaurants.$inferInsert;
const all = ['delivery', 'pickup', 'eat_in'];

/** Spec section 9's restaurant ids with their sites. */
export const RESTAURANTS: Restaurant[] = [
  { id: 16, site: 'Chiswick', address1: '279 Chiswick High Road', city: 'London', postcode: 'W4 4PU', lat: 51.4925, lon: -0.2606, phone: '020 3001 0016', deliveryRadiusMiles: 3, fulfillmentTypes: all, hasTableNumbers: true, openTabCheckouts: true, tableNumberPrompt: 'Your table number is on the card at your table' },
  { id: 19, site: 'Farringdon', address1: '62 Leather Lane', city: 'London', postcode: 'EC1N 7TR', lat: 51.5203, lon: -0.1089, phone: '020 3001 0019', deliveryRadiusMiles: 3, fulfillmentTypes: all, hasTableNumbers: true, openTabCheckouts: false, tableNumberPrompt: 'Your table number is on the card at your table' },
  { id: 98, site: 'Greenwich', address1: '4 Greenwich Church Street', city: 'London', postcode: 'SE10 9BG', lat: 51.4817, lon: -0.0093, phone: '020 3001 0098', deliveryRadiusMiles: 3, fulfillmentTypes: all, hasTableNumbers: true, openTabCheckouts: false, tableNumberPrompt: null },
  { id: 46, site: 'Guildford', address1: '7 Tunsgate', city: 'Guildford', postcode: 'GU1 3QT', lat: 51.2355, lon: -0.5719, phone: '01483 000046', deliveryRadiusMiles: 4, fulfillmentTypes: all, hasTableNumbers: false, openTabCheckouts: false, tableNumberPrompt: null },
  { id: 109, site: 'York (hotel)', address1: 'Station Rise', city: 'York', postcode: 'YO1 6GD', lat: 53.9586, lon: -1.0907, phone: '01904 000109', deliveryRadiusMiles: 0, fulfillmentTypes: ['eat_in', 'pickup'], hasTableNumbers: true, openTabCheckouts: true, tableNumberPrompt: 'Enter your room or table number' },
  { id: 145, site: 'Manchester Airport', address1: 'Terminal 2, Manchester Airport', city: 'Manchester', postcode: 'M90 1QX', lat: 53.3588, lon: -2.2727, phone: '0161 000 0145', deliveryRadiusMiles: 0, fulfillmentTypes: ['pickup', 'eat_in'], hasTableNumbers: false, openTabCheckouts: false, tableNumberPrompt: null },
  { id: 106, site: 'Richmond', address1: '2 Hill Street', city: 'Richmond', postcode: 'TW9 1SX', lat: 51.4594, lon: -0.3058, phone: '020 3001 0106', deliveryRadiusMiles: 3, fulfillmentTypes: all, hasTableNumbers: true, openTabCheckouts: false, tableNumberPrompt: null },
  { id: 185, site: 'New Oxford Street', address1: '1 New Oxford Street', city: 'London', postcode: 'WC1A 1BS', lat: 51.5166, lon: -0.1278, phone: '020 3001 0185', deliveryRadiusMiles: 3, fulfillmentTypes: all, hasTableNumbers: true, openTabCheckouts: true, tableNumberPrompt: 'Your table number is on the card at your table' },
];
