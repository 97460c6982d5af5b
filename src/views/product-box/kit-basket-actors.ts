import { fromPromise } from 'xstate';
import { recipeKitBasketMachine } from '../../../machines/recipe-kit-basket/recipe-kit-basket.machine';
import {
  addKitItem,
  applyKitVoucher,
  changeKitItem,
  createKitBasket,
  loadKitBasket,
  removeKitVoucher,
  resetKitBasket,
  updateKitPlan,
} from '../../api/kit-basket';

/** The basket machine with its API calls (the REST baskets resource). */
export const liveRecipeKitBasketMachine = recipeKitBasketMachine.provide({
  actors: {
    loadBasket: fromPromise(() => loadKitBasket()),
    createBasket: fromPromise(() => createKitBasket()),
    addItem: fromPromise(({ input }) => addKitItem(input)),
    changeItem: fromPromise(({ input }) => changeKitItem(input)),
    updatePlan: fromPromise(({ input }) => updateKitPlan(input)),
    resetBasket: fromPromise(() => resetKitBasket()),
    applyVoucher: fromPromise(({ input }) => applyKitVoucher(input)),
    removeVoucher: fromPromise(({ input }) => removeKitVoucher(input)),
  },
});
