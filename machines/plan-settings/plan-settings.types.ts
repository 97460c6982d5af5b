import type { SubscriptionState } from '../../domain/pasta-plan';

/** The chosen plan's settings as the page shows them (product rules R10.19-R10.22). */
export interface PlanSettings {
  id: string;
  name: string;
  state: SubscriptionState;
  numberOfRecipes: number;
  deliveryNote: string;
  /** The 13 flags, camelCase; a missing flag is off. */
  dietary: Record<string, boolean>;
  shippingAddressId: string | null;
  /** null: the default address. */
  billingAddressId: string | null;
  deliveryDay: number | null;
  frequency: number | null;
  avoidedIngredients: string[];
}

export interface SettingsAddress {
  id: string;
  label: string;
  isDefault: boolean;
}

export interface IngredientChoice {
  id: string;
  name: string;
}

/** What the load and every save answer: the settings read again, with the choices. */
export interface SettingsData {
  plan: PlanSettings | null;
  addresses: SettingsAddress[];
  ingredients: IngredientChoice[];
}

export type SettingsSection =
  'recipes' | 'schedule' | 'dietary' | 'ingredients' | 'note' | 'addresses';

/** A section's change; what it leaves out stays as it is. */
export interface SettingsChange {
  numberOfRecipes?: number;
  deliveryDay?: number;
  frequency?: number;
  dietary?: Record<string, boolean>;
  avoidedIngredients?: string[];
  deliveryNote?: string;
  shippingAddressId?: string;
  billingAddressId?: string | null;
}

export interface PendingSave {
  section: SettingsSection;
  change: SettingsChange;
}

/** The next box's price now and with the change (product rule R10.23). */
export interface BoxPreview {
  deliveryDate: string;
  currentPence: number;
  changedPence: number;
}

export interface SaveInput extends PendingSave {
  planId: string;
  /** The new price the customer saw, when the change alters it. */
  boxPricePence: number | null;
}

export interface PreviewInput extends PendingSave {
  planId: string;
}

/** A rejected call: the HTTP status, the server's error code and words, if any. */
export interface SettingsFailure {
  status: number;
  code: string | null;
  message: string | null;
}

/** A box of the plan as the schedule preview shows it (product rule R10.32). */
export interface ScheduleBox {
  deliveryDate: string;
  /** The week's cut-off, ISO date-time. */
  billingDate: string;
  pricePence: number;
  deliveryPence: number;
  picked: boolean;
}

/** A week the new schedule moves (`to` its new day) or drops (`to` null). */
export interface WeekMove {
  from: string;
  to: string | null;
  picked: boolean;
  skipped: boolean;
}

/** What a new delivery day or frequency would do, before it is saved (product rule R10.32). */
export interface SchedulePreview {
  current: ScheduleBox | null;
  changed: ScheduleBox | null;
  moves: WeekMove[];
}
