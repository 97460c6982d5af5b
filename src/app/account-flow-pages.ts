/**
 * Account screens that are flows of their own (their own folder under src/views/): composed
 * here, since one flow's views never import another's, so the account's router can place them.
 */
export { PastaPlanPage } from '../views/pasta-plan/pasta-plan-page';
