// A sale the shop's PDV pushed ('sale-on-screen', issue 36) lands on the cashier's screen as if
// typed, at any moment, mid-typing or mid-dialog, and never changes what the cashier typed. The
// rules (lib/pdv-push), which sale-store's showPushed applies as they say.
import { describe, expect, it } from 'vitest';
import type { Sale, SaleStatus } from '#shared/counter/counter-api';
import { emptyCustomerDraft } from '#renderer/lib/customer-draft';
import { outcomeKey } from '#renderer/lib/next-sale';
import {
  keepsUnseenPdvSale,
  landPushedSale,
  pdvNoticeDone,
  pushedSaleLanding,
  pushNavigation,
  type EntryDraft,
  type PushLandingInput,
} from '#renderer/lib/pdv-push';

const BR_CODE =
  '00020101021226810014br.gov.bcb.pix2559qr.example.com/pix/v2/cob/abc5204000053039865406123.455802BR6304ABCD';

function sale(id: string, status: SaleStatus = 'ACTIVE', value = 4590): Sale {
  return {
    correlationID: id,
    value,
    status,
    ...(status === 'PENDING' ? {} : { brCode: BR_CODE }),
    sync: { queued: 0 },
    expiresDate: '2099-11-22T15:15:00.000Z',
    createdAt: '2025-11-22T15:00:00.000Z',
    refunds: [],
    refundable: 0,
  };
}

describe('where a PDV’s sale lands (lib/pdv-push)', () => {
  it('takes an empty or typing entry, and a sale that is over; never a sale being created or a QR still waiting', () => {
    const pushed = { correlationID: 'pdv-1', status: 'ACTIVE' as const };
    expect(pushedSaleLanding(pushed, { phase: 'entry' })).toBe('show');
    expect(pushedSaleLanding(pushed, { phase: 'creating' })).toBe('wait');
    for (const status of ['COMPLETED', 'EXPIRED', 'CANCELLED', 'REJECTED'] as const)
      expect(pushedSaleLanding(pushed, { phase: 'live', live: { correlationID: 'mine', status } })).toBe('show');
    for (const status of ['PENDING', 'ACTIVE', 'OFFLINE'] as const)
      expect(pushedSaleLanding(pushed, { phase: 'live', live: { correlationID: 'mine', status } })).toBe('wait');
    // The same sale again is only news of it.
    expect(pushedSaleLanding(pushed, { phase: 'live', live: { correlationID: 'pdv-1', status: 'ACTIVE' } })).toBe(
      'show',
    );
    // Paid or cancelled before it landed: nothing to show.
    expect(pushedSaleLanding({ correlationID: 'pdv-1', status: 'COMPLETED' }, { phase: 'entry' })).toBe('ignore');
  });

  it('opens the sale screen from another screen only when nothing typed would be lost', () => {
    expect(pushNavigation('sale', true)).toBe('stay');
    for (const screen of ['history', 'register', 'settings'] as const) {
      expect(pushNavigation(screen, false)).toBe('go');
      expect(pushNavigation(screen, true)).toBe('notice');
    }
  });

  it('ends the notice once the cashier sees that sale, or it stops waiting', () => {
    const onScreen = { correlationID: 'pdv-1', value: 100, onScreen: true };
    expect(pdvNoticeDone(onScreen, { screen: 'settings', liveId: 'pdv-1' })).toBe(false);
    expect(pdvNoticeDone(onScreen, { screen: 'sale', liveId: 'pdv-1' })).toBe(true);
    expect(pdvNoticeDone(onScreen, { screen: 'settings' })).toBe(true);
    const inHistory = { correlationID: 'pdv-1', value: 100, onScreen: false };
    expect(pdvNoticeDone(inHistory, { screen: 'sale', liveId: 'mine' })).toBe(false);
    expect(pdvNoticeDone(inHistory, { screen: 'history', status: 'CANCELLED' })).toBe(true);
  });
});

describe('the sale store’s landing of a PDV’s sale (landPushedSale)', () => {
  const typing: EntryDraft = {
    entry: { cents: 123, pristine: false },
    form: { comment: 'sem cebola', customerOpen: false, customer: emptyCustomerDraft, touched: true },
  };
  const fresh: PushLandingInput<Sale> = {
    phase: 'entry',
    live: null,
    lastSale: null,
    screen: 'sale',
    holdsTyping: false,
    draft: null,
  };

  it('takes the entry mid-typing and keeps what was typed: the amount as the next one, the comment for the entry', () => {
    const outcome = landPushedSale(sale('pdv-1'), { ...fresh, draft: typing });
    expect(outcome).toEqual({
      kind: 'show',
      lastSale: null,
      nextEntry: { cents: 123, pristine: false },
      heldForm: typing.form,
      go: false,
      notice: null,
    });
    // Paid, the cashier's Enter (or a digit) goes on from R$ 1,23: 1, 2, 3 then 4 reads R$ 12,34.
    if (outcome.kind !== 'show') throw new Error('shown');
    expect(outcomeKey('COMPLETED', 'Enter', outcome.nextEntry)).toEqual({
      action: 'next-sale',
      entry: { cents: 123, pristine: false },
    });
    expect(outcomeKey('COMPLETED', '4', outcome.nextEntry)).toEqual({
      action: 'next-sale',
      entry: { cents: 1234, pristine: false },
    });
  });

  it('leaves a sale being created, or a QR still waiting, on screen: the pushed one waits behind a notice', () => {
    const notice = { correlationID: 'pdv-2', value: 1500, onScreen: false };
    expect(landPushedSale(sale('pdv-2', 'ACTIVE', 1500), { ...fresh, phase: 'creating', draft: typing })).toEqual({
      kind: 'wait',
      notice,
    });
    expect(landPushedSale(sale('pdv-2', 'ACTIVE', 1500), { ...fresh, phase: 'live', live: sale('mine') })).toEqual({
      kind: 'wait',
      notice,
    });
  });

  it('replaces a sale that is over, which becomes the last sale; the amount typed ahead is left as it is', () => {
    const paid = sale('mine', 'COMPLETED');
    const outcome = landPushedSale(sale('pdv-3'), { ...fresh, phase: 'live', live: paid, draft: typing });
    // Not on the entry: nothing is read from it (the type-ahead stays in the store untouched).
    expect(outcome).toEqual({ kind: 'show', lastSale: paid, go: false, notice: null });
  });

  it('opens the sale screen from another screen with nothing typed; with typed work there, stays behind a notice', () => {
    expect(landPushedSale(sale('pdv-4'), { ...fresh, screen: 'history' })).toMatchObject({
      kind: 'show',
      go: true,
      notice: null,
    });
    expect(
      landPushedSale(sale('pdv-5', 'ACTIVE', 700), { ...fresh, screen: 'settings', holdsTyping: true }),
    ).toMatchObject({ kind: 'show', go: false, notice: { correlationID: 'pdv-5', value: 700, onScreen: true } });
    // The same sale again is news of it, never a second screen.
    expect(landPushedSale(sale('pdv-6'), { ...fresh, phase: 'live', live: sale('pdv-6') })).toEqual({
      kind: 'update',
      go: false,
      notice: null,
    });
    expect(landPushedSale(sale('pdv-7', 'CANCELLED'), fresh)).toEqual({ kind: 'ignore' });
  });

  it('keeps F1 from dropping a PDV’s sale the cashier has not looked at yet', () => {
    const notice = { correlationID: 'pdv-5', value: 700, onScreen: true };
    expect(keepsUnseenPdvSale(notice, 'pdv-5')).toBe(true);
    expect(keepsUnseenPdvSale(notice, 'mine')).toBe(false);
    expect(keepsUnseenPdvSale({ ...notice, onScreen: false }, 'pdv-5')).toBe(false);
    expect(keepsUnseenPdvSale(null, 'pdv-5')).toBe(false);
  });
});
