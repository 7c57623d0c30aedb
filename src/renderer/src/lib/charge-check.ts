// What "Cobrar" (Enter) does with the amount on the entry. Pure, so the rules are tested in Node.
import { MAX_CHARGE_CENTS } from '#shared/counter/large-sale';

export type ChargeCheck =
  /** Nothing typed since the entry opened: a stray Enter (the second of two on "Pago"), not a mistake. */
  | 'ignore'
  /** Zero after the cashier typed: "Digite um valor maior que zero." */
  | 'amountRequired'
  /** More than the service accepts: said before sending. */
  | 'tooLarge'
  /** Above the owner's limit and not confirmed for this amount yet: ask (Enter confirms, Esc goes back). */
  | 'confirm'
  | 'ok';

export interface ChargeCheckInput {
  cents: number;
  /** The cashier typed, erased or cleared something since this entry opened. */
  touched: boolean;
  /** The amount the cashier already confirmed, if any: a changed amount asks again. */
  confirmedCents: number | null;
  /** Cents above which a confirmation is asked (Settings.confirmAbove). */
  confirmAbove: number;
}

export function chargeCheck({ cents, touched, confirmedCents, confirmAbove }: ChargeCheckInput): ChargeCheck {
  if (cents <= 0) return touched ? 'amountRequired' : 'ignore';
  if (cents > MAX_CHARGE_CENTS) return 'tooLarge';
  if (cents > confirmAbove && confirmedCents !== cents) return 'confirm';
  return 'ok';
}
