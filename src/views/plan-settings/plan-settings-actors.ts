import { fromPromise } from 'xstate';
import { planSettingsMachine } from '../../../machines/plan-settings/plan-settings.machine';
import {
  loadPlanSettings,
  previewPlanPrice,
  previewPlanSchedule,
  savePlanSettings,
} from '../../api/plan-settings';

/** The plan settings wired to the real API, for the plan named in the address (or the first). */
export const livePlanSettingsMachine = (planId: string | null) =>
  planSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(() => loadPlanSettings(planId)),
      previewPrice: fromPromise(({ input }) => previewPlanPrice(input)),
      previewSchedule: fromPromise(({ input }) => previewPlanSchedule(input)),
      saveSettings: fromPromise(({ input }) => savePlanSettings(input)),
    },
  });
