import { fromPromise } from 'xstate';
import { takeawayBasketMachine } from '../../../machines/takeaway-basket/takeaway-basket.machine';
import {
  addTakeawayItem,
  applyTakeawayVoucher,
  changeTakeawayItem,
  deleteTakeawayBasket,
  loadTakeawayBasket,
  removeTakeawayVoucher,
  type TakeawayPlace,
} from '../../api/takeaway-basket';
import { readTakeawayChoice } from '../../../domain/takeaway-basket';
import type { StoredTakeaway } from '../../session/stored-takeaway';

export function liveTakeawayBasketMachine(delivery: StoredTakeaway) {
  const place: TakeawayPlace = {
    restaurantId: Number(delivery.restaurantId),
    choice: readTakeawayChoice(delivery.choice),
    delivery,
  };
  return takeawayBasketMachine.provide({
    actors: {
      loadBasket: fromPromise(() => loadTakeawayBasket(place)),
      addItem: fromPromise(({ input }) => addTakeawayItem(place, input)),
      changeItem: fromPromise(({ input }) => changeTakeawayItem(input)),
      applyVoucher: fromPromise(({ input }) => applyTakeawayVoucher(input)),
      removeVoucher: fromPromise(({ input }) => removeTakeawayVoucher(input)),
      deleteBasket: fromPromise(({ input }) => deleteTakeawayBasket(input.basketId)),
    },
  });
}
