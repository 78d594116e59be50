import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../../app/local-storage';
import type { ChatterOrder } from '../chatter-order';

export const CHATTER_ORDERS: readonly ChatterOrder[] = ['oldest', 'next', 'newest'];
export const DEFAULT_CHATTER_ORDER: ChatterOrder = 'oldest';
export const CHATTER_ORDER_STORAGE_KEY = 'chatterOrder';

export const isChatterOrder = (value: unknown): value is ChatterOrder =>
  CHATTER_ORDERS.includes(value as ChatterOrder);

/** The list order chosen in this browser (localStorage), first seen (oldest first, the spec's) until one is chosen. */
export function useChatterOrder() {
  const [order, setOrder] = useState<ChatterOrder>(() => {
    const stored = readStored(CHATTER_ORDER_STORAGE_KEY);
    return isChatterOrder(stored) ? stored : DEFAULT_CHATTER_ORDER;
  });
  const update = useCallback((next: ChatterOrder) => {
    setOrder(next);
    writeStored(CHATTER_ORDER_STORAGE_KEY, next);
  }, []);
  return [order, update] as const;
}
