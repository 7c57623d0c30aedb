// fixedLocation: the charges of one payment link share a QR code only when that code is a dynamic
// one, whose location serves the link's newest charge. A static fallback code carries its own
// amount and txid, so it is built afresh for every charge.
import { expect, it } from 'vitest';
import { decodeBrCode } from '#lib/pix';
import { describeContract } from '#test/support/harness';

/** Long enough that a location URL exceeds EMV's 77 characters: charges fall back to static codes. */
const LONG_PUBLIC_BASE_URL = `https://${'caixa-'.repeat(12)}balcao.example.com`;

describeContract('fixedLocation', (h) => {
  it('builds a fresh static fallback code for each charge of a link, with its own amount and txid', async () => {
    h().engine.setPublicBaseUrl(LONG_PUBLIC_BASE_URL);
    const body = (correlationID: string, value: number) => ({
      correlationID,
      value,
      paymentLinkID: 'caixa-1',
      fixedLocation: true,
    });
    const first = (await h().ok('createCharge', { body: body('s1', 1000) })).charge;
    const second = (await h().ok('createCharge', { body: body('s2', 2590) })).charge;
    for (const charge of [first, second]) {
      const decoded = decodeBrCode(charge.brCode);
      expect(decoded.pointOfInitiation).toBe('STATIC');
      expect(decoded.amountCents).toBe(charge.value);
      expect(decoded.txid).toBe(charge.identifier);
    }
    expect(second.brCode).not.toBe(first.brCode);
    // Each code pays its own charge, for its own amount.
    const paid = await h().ok('sandboxPayBrCode', { body: { brCode: first.brCode } });
    expect(paid.charge).toMatchObject({ correlationID: 's1', status: 'COMPLETED', paidValue: 1000 });
    const paidSecond = await h().ok('sandboxPayBrCode', { body: { brCode: second.brCode } });
    expect(paidSecond.charge).toMatchObject({ correlationID: 's2', status: 'COMPLETED', paidValue: 2590 });
  });

  it('shares one dynamic code without an amount, whose location serves the newest charge', async () => {
    const first = (
      await h().ok('createCharge', {
        body: { correlationID: 'd1', value: 1000, paymentLinkID: 'caixa-2', fixedLocation: true },
      })
    ).charge;
    const second = (
      await h().ok('createCharge', {
        body: { correlationID: 'd2', value: 2590, paymentLinkID: 'caixa-2', fixedLocation: true },
      })
    ).charge;
    expect(second.brCode).toBe(first.brCode);
    const decoded = decodeBrCode(first.brCode);
    expect(decoded.pointOfInitiation).toBe('DYNAMIC');
    // Shared by charges of different values, the code cannot promise one amount.
    expect(decoded.amountCents).toBeUndefined();
    // A charge of the link without fixedLocation has its own code, amount and location …
    const plain = (
      await h().ok('createCharge', { body: { correlationID: 'd3', value: 700, paymentLinkID: 'caixa-2' } })
    ).charge;
    expect(decodeBrCode(plain.brCode)).toMatchObject({ pointOfInitiation: 'DYNAMIC', amountCents: 700 });
    expect(decodeBrCode(plain.brCode).locationUrl).not.toBe(decoded.locationUrl);
    // … and the next fixedLocation charge goes back to the shared code, not to that one.
    const third = (
      await h().ok('createCharge', {
        body: { correlationID: 'd4', value: 4200, paymentLinkID: 'caixa-2', fixedLocation: true },
      })
    ).charge;
    expect(third.brCode).toBe(first.brCode);
    const paid = await h().ok('sandboxPayBrCode', { body: { brCode: first.brCode } });
    expect(paid.charge).toMatchObject({ correlationID: 'd4', paidValue: 4200 });
    const paidPlain = await h().ok('sandboxPayBrCode', { body: { brCode: plain.brCode } });
    expect(paidPlain.charge).toMatchObject({ correlationID: 'd3', paidValue: 700 });
  });

  it('never reuses a link charge’s code that carries an amount', async () => {
    const plain = (
      await h().ok('createCharge', { body: { correlationID: 'p1', value: 1000, paymentLinkID: 'caixa-3' } })
    ).charge;
    expect(decodeBrCode(plain.brCode).amountCents).toBe(1000);
    const fixed = (
      await h().ok('createCharge', {
        body: { correlationID: 'p2', value: 2590, paymentLinkID: 'caixa-3', fixedLocation: true },
      })
    ).charge;
    expect(fixed.brCode).not.toBe(plain.brCode);
    expect(decodeBrCode(fixed.brCode).amountCents).toBeUndefined();
    expect(decodeBrCode(fixed.brCode).locationUrl).not.toBe(decodeBrCode(plain.brCode).locationUrl);
    // The first code still pays its own charge, for its own amount.
    const paid = await h().ok('sandboxPayBrCode', { body: { brCode: plain.brCode } });
    expect(paid.charge).toMatchObject({ correlationID: 'p1', paidValue: 1000 });
  });
  it('keeps the link’s code when every charge that shared it is deleted: the printed code pays the next charge', async () => {
    const body = (correlationID: string, value: number) => ({
      correlationID,
      value,
      paymentLinkID: 'caixa-4',
      fixedLocation: true,
    });
    const first = (await h().ok('createCharge', { body: body('k1', 1000) })).charge;
    expect(await h().ok('deleteCharge', { params: { id: 'k1' } })).toEqual({ status: 'OK', id: 'k1' });
    // With no charge behind it, the code pays nothing …
    const nothing = await h().client.request('sandboxPayBrCode', { body: { brCode: first.brCode } });
    expect(nothing).toMatchObject({ status: 404 });
    // … and the link's next charge is behind the same code, and is what it pays.
    const second = (await h().ok('createCharge', { body: body('k2', 2590) })).charge;
    expect(second.brCode).toBe(first.brCode);
    const paid = await h().ok('sandboxPayBrCode', { body: { brCode: first.brCode } });
    expect(paid.charge).toMatchObject({ correlationID: 'k2', status: 'COMPLETED', paidValue: 2590 });
    // Another link's fixed code is its own.
    const other = (
      await h().ok('createCharge', {
        body: { correlationID: 'k3', value: 300, paymentLinkID: 'caixa-5', fixedLocation: true },
      })
    ).charge;
    expect(other.brCode).not.toBe(first.brCode);
  });
});
