/**
 * Toast notices: bottom-right, gone after 1 s, one of four types. The list every page watches (a
 * notice raised before any interaction loads what draws it); raising and dismissing them is
 * actions.ts's, loaded only where something raises one.
 */
import { atom } from 'nanostores';

export type ToastType = 'success' | 'cart' | 'wishlist' | 'error';
export interface Toast {
  /** A timestamp, unique among the notices shown. */
  id: number;
  message: string;
  type: ToastType;
}

export const $toasts = atom<Toast[]>([]);
