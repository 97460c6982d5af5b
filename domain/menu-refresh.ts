/** Product rule R4.9: menus refresh every 60 s and snoozed products every 30 s. */
export const MENU_REFRESH_MS = 60_000;
export const SNOOZED_REFRESH_MS = 30_000;
