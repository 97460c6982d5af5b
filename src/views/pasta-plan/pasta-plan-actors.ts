import { fromPromise } from 'xstate';
import { pastaPlanMachine } from '../../../machines/pasta-plan/pasta-plan.machine';
import {
  cancelPlan,
  loadPastaPlan,
  pausePlan,
  resumePlan,
  skipWeek,
  unskipWeek,
} from '../../api/pasta-plan';

/** The pasta plan wired to the real API. */
export const livePastaPlanMachine = pastaPlanMachine.provide({
  actors: {
    loadPlan: fromPromise(() => loadPastaPlan()),
    skipWeek: fromPromise(({ input }) => skipWeek(input.weekId)),
    unskipWeek: fromPromise(({ input }) => unskipWeek(input.weekId)),
    pausePlan: fromPromise(({ input }) => pausePlan(input.planId, input.resumeOn)),
    resumePlan: fromPromise(({ input }) => resumePlan(input.planId)),
    cancelPlan: fromPromise(({ input }) => cancelPlan(input.planId, input.reason, input.note)),
  },
});
