import { computeAmountDue, type AmountDue } from '../money/overdue-amount';
import type { Discount, Fines, Interests } from '../money/overdue-terms';
import type { ChargeRow } from './charge-repo';

function parseJson<T>(text: string | null): T | undefined {
  return text ? (JSON.parse(text) as T) : undefined;
}

/** The OVERDUE math for a stored charge, or null for charges without due-date terms. */
export function overdueAmount(row: ChargeRow, at: Date): AmountDue | null {
  if (row.type !== 'OVERDUE' || !row.due_date) return null;
  return computeAmountDue(
    {
      value: row.value,
      createdAt: new Date(row.created_at),
      dueDate: new Date(row.due_date),
      daysAfterDueDate: row.days_after_due_date ?? 0,
      interests: parseJson<Interests>(row.interests),
      fines: parseJson<Fines>(row.fines),
      discount: parseJson<Discount>(row.discount),
    },
    at,
  );
}

/** What a payer must pay for the charge at `at`: the value, or for OVERDUE the amount due that day. */
export function chargeAmountDue(row: ChargeRow, at: Date): number {
  return overdueAmount(row, at)?.final ?? row.value;
}
