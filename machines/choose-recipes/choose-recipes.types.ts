/** A recipe of the week's menu the customer can pick. */
export interface WeekMenuItem {
  variantId: string;
  title: string;
  variantTitle: string;
  isDouble: boolean;
  /** Pounds. */
  price: number;
}

/** The week as the recipe picker reads it (GET schedule_weeks/{id}). */
export interface ChooseRecipesData {
  weekId: string;
  deliveryDate: string;
  numberOfRecipes: number;
  changeable: boolean;
  chefSelected: boolean;
  /** The box as it stands: the picks, or the chef's. */
  box: { variantId: string; title: string; quantity: number }[];
  menu: WeekMenuItem[];
}

/** A refused call: its HTTP status (0 when it never answered) and the server's words. */
export interface WeekFailure {
  status: number;
  message: string | null;
}
