import type { components } from '../../openapi/schema';
import type { Entity } from './json-api';

type Schemas = components['schemas'];

export type Customer = Entity<Schemas['CustomerResource']>;
export type Restaurant = Entity<Schemas['RestaurantResource']>;
export type Settings = Entity<Schemas['SettingsResource']>;
export type PostcodeAddress = Entity<Schemas['PostcodeAddressResource']>;
export type FulfillmentType = Schemas['FulfillmentType'];
export type MenuCategory = Entity<Schemas['MenuCategoryResource']>;
export type MenuProduct = Entity<Schemas['MenuProductResource']>;
export type Basket = Entity<Schemas['BasketResource']>;
export type BasketItem = Entity<Schemas['BasketItemResource']>;
