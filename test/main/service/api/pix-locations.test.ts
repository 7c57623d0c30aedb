// The public Pix locations a dynamic BR Code points at (GET /qr/v2/cob|cobv/:id), over real HTTP:
// a payer's bank reads them without an AppID, so they are not operations of the contract table.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeBrCode } from '#lib/pix';
import { createHarness, type Harness } from '#test/support/harness';

describe('Pix locations over HTTP', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness('http');
  });
  afterEach(async () => {
    await h.close();
  });

  async function dueDateLocation(): Promise<string> {
    // Created 2026-11-22, due 2026-11-30, payable 10 days after; fine 2 %, interest 0.33 %/day.
    const { charge } = await h.ok('createCharge', {
      body: {
        correlationID: 'cobv',
        value: 10_000,
        type: 'OVERDUE',
        dueDate: '2026-11-30',
        daysAfterDueDate: 10,
        fines: { value: 200 },
        interests: { value: 33 },
      },
    });
    const location = decodeBrCode(charge.brCode).locationUrl!;
    expect(location).toMatch(/\/qr\/v2\/cobv\/[0-9a-f]{32}$/);
    return `http://${location}`;
  }

  it('prices a due-date location for a DPP (the payer’s intended payment day) that is a real calendar day', async () => {
    const url = await dueDateLocation();
    const onTime = await fetch(`${url}?DPP=2026-11-26`);
    expect(onTime.status).toBe(200);
    expect(await onTime.json()).toMatchObject({
      calendario: { dataDeVencimento: '2026-11-30' },
      valor: { original: '100.00', final: '100.00' },
    });
    // 5 days late: fine 200 + interest 33 bp × 5 days = 165.
    const late = await fetch(`${url}?DPP=2026-12-05`);
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ valor: { multa: '2.00', juros: '1.65', final: '103.65' } });
    expect((await fetch(url)).status).toBe(200);
    // Any real calendar day is an answer (priced, or 404 once no longer payable), never a failure …
    for (const day of ['0001-01-01', '9999-12-31']) {
      const response = await fetch(`${url}?DPP=${day}`);
      expect([200, 404], day).toContain(response.status);
      expect(await response.json(), day).toBeTypeOf('object');
    }
    // … while a day that does not exist is not rolled over into the next month.
    expect((await fetch(`${url}?DPP=2026-11-31`)).status).toBe(400);
  });

  it.each([
    ['a month 13', 'DPP=2026-13-45'],
    ['a 30th of February', 'DPP=2026-02-30'],
    ['garbage', 'DPP=amanh%C3%A3'],
    ['a date-time', 'DPP=2026-11-26T12:00:00Z'],
    ['an empty value', 'DPP='],
    ['a repeated key', 'DPP=2026-11-26&DPP=2026-11-27'],
    ['an array of garbage', 'DPP=a&DPP=b'],
  ])('answers 400 { error } for %s', async (_name, query) => {
    const url = await dueDateLocation();
    const response = await fetch(`${url}?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/DPP/) });
  });

  it('checks DPP on an immediate (cob) location and on an unknown one too', async () => {
    const { charge } = await h.ok('createCharge', { body: { correlationID: 'cob', value: 990 } });
    const url = `http://${decodeBrCode(charge.brCode).locationUrl}`;
    expect((await fetch(`${url}?DPP=2026-02-30`)).status).toBe(400);
    expect((await fetch(`${url.replace(/[0-9a-f]{32}$/, '0'.repeat(32))}?DPP=2026-02-30`)).status).toBe(400);
    expect((await fetch(`${url}?DPP=2026-11-23`)).status).toBe(200);
  });
});
