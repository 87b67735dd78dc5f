import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';

/** Whether `value` can serve as a SpentApprovalStore (it has `isSpent` and `spend`). @internal */
export function isSpentApprovalStore(value: unknown): value is SpentApprovalStore {
  if (typeof value !== 'object' || value === null) return false;
  const store = value as Partial<Record<keyof SpentApprovalStore, unknown>>;
  return typeof store.isSpent === 'function' && typeof store.spend === 'function';
}
