// Which receipt the receipt dialog is showing. Opened from the paid screen, the sale detail
// and each refund; the dialog itself fetches and prints.
import { create } from 'zustand';
import type { ReceiptKindName } from '#shared/counter/counter-api';

export interface ReceiptTarget {
  /** The sale the payment or refund belongs to. */
  correlationID: string;
  kind: ReceiptKindName;
  endToEndId: string;
  /** Cents, shown in the dialog's heading. */
  value: number;
}

interface ReceiptState {
  target: ReceiptTarget | null;
  open(target: ReceiptTarget): void;
  close(): void;
}

export const useReceipt = create<ReceiptState>()((set) => ({
  target: null,
  open: (target) => set({ target }),
  close: () => set({ target: null }),
}));
