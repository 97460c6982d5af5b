import type { BoxWeekDay } from '../../domain/delivery-dates';

/** The week as the date picker reads it (GET schedule_weeks/{id}). */
export interface DeliveryDateData {
  weekId: string;
  deliveryDate: string;
  changeable: boolean;
  /** The week's days, each available or with why not (product rule R10.25). */
  days: BoxWeekDay[];
}

/** A refused call: its HTTP status (0 when it never answered) and the server's words. */
export interface DateFailure {
  status: number;
  message: string | null;
}
