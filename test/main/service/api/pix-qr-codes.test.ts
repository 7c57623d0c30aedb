import { expect, it } from 'vitest';
import { decodeBrCode } from '#lib/pix';
import { pixQrCodeRepo } from '#service/engine/pix-qr-codes/pix-qr-code-repo';
import { describeContract, type Harness } from '#test/support/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function eventNames(h: Harness): string[] {
  return (h.engine.db.prepare('SELECT name FROM events ORDER BY seq').all() as { name: string }[]).map((e) => e.name);
}

/** The company an AppID acts for: the repo's lookups take it, as every lookup is within one company. */
function companyOf(h: Harness, appId = h.appId): string {
  return h.engine.tenancy.resolveTenant(appId)!.company.id;
}

async function createQr(h: Harness, body: Record<string, unknown>, appId?: string) {
  const reply = await h.client.request('createPixQrCode', { body }, { appId });
  if (reply.status !== 200 || !('body' in reply))
    throw new Error(`createPixQrCode answered ${reply.status}: ${JSON.stringify(reply)}`);
  return (reply.body as { pixQrCode: any }).pixQrCode;
}

describeContract('static Pix QR codes', (h) => {
  it('creates an open-amount QR code from a name alone, on the default key, with a static BR Code', async () => {
    const body = await h().ok('createPixQrCode', { body: { name: 'Balcão 1' } });
    const qr = body.pixQrCode;
    expect(body.correlationID).toBe(qr.correlationID);
    expect(body.brCode).toBe(qr.brCode);
    expect(qr).toMatchObject({
      name: 'Balcão 1',
      value: null,
      pixKey: h().pixKey,
      createdAt: '2026-11-22T15:00:00.000Z',
    });
    expect(qr.comment).toBeUndefined();
    expect(qr.id).toMatch(/^[0-9a-f]{24}$/);
    expect(qr.correlationID).toMatch(UUID);
    expect(qr.identifier).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(qr.paymentLinkID).toMatch(UUID);
    // The public page is addressed by the link's own random id, not by the paymentLinkID.
    expect(qr.paymentLinkUrl).toMatch(new RegExp(`^${h().baseUrl}/pay/[0-9a-f]{32}$`));
    // The service's paymentLinkID is that public id written as a UUID: as unguessable, and the id
    // the image URL carries, as the real service's does (it loads without an AppID: qr-images.test.ts).
    const publicId = qr.paymentLinkUrl.split('/pay/')[1];
    expect(qr.paymentLinkID.replaceAll('-', '')).toBe(publicId);
    expect(qr.qrCodeImage).toBe(`${h().baseUrl}/openpix/charge/brcode/image/${qr.paymentLinkID}.png`);
    const decoded = decodeBrCode(qr.brCode);
    expect(decoded).toMatchObject({
      pointOfInitiation: 'STATIC',
      singleUse: false,
      pixKey: h().pixKey,
      txid: qr.identifier,
      merchantName: 'Balcao Sandbox',
    });
    expect(decoded.amountCents).toBeUndefined();
    expect(decoded.description).toBeUndefined();
    expect(eventNames(h())).toEqual(['PIX_QRCODE_CREATED']);
  });

  it('takes a fixed value, comment, identifier, correlationID and the company key as given', async () => {
    const body = await h().ok('createPixQrCode', {
      body: {
        name: 'Mesa 7',
        correlationID: 'mesa-7',
        value: 1050,
        comment: 'Café com pão',
        identifier: 'Mesa7Balcao',
        pixKey: h().pixKey,
      },
    });
    const qr = body.pixQrCode;
    expect(qr).toMatchObject({
      name: 'Mesa 7',
      correlationID: 'mesa-7',
      value: 1050,
      comment: 'Café com pão',
      identifier: 'Mesa7Balcao',
      pixKey: h().pixKey,
    });
    const decoded = decodeBrCode(qr.brCode);
    expect(decoded).toMatchObject({
      amountCents: 1050,
      txid: 'Mesa7Balcao',
      description: 'Cafe com pao',
      pixKey: h().pixKey,
    });
  });

  it('keeps a 140-character comment whole in the record and as much as tag 26 holds in the BR Code', async () => {
    const comment = 'x'.repeat(130) + ' açaí 123';
    expect(comment.length).toBe(139);
    const qr = await createQr(h(), { name: 'Longo', comment: comment + '!' });
    expect(qr.comment).toBe(comment + '!');
    const decoded = decodeBrCode(qr.brCode);
    expect(decoded.description!.length).toBeGreaterThan(0);
    expect(decoded.description!.length).toBeLessThan(140);
    expect('x'.repeat(130).startsWith(decoded.description!)).toBe(true);
  });

  it('treats null optional fields as not given (null value = open amount) and a blank comment as none', async () => {
    const qr = await createQr(h(), {
      name: 'Nulls',
      value: null,
      comment: '   ',
      correlationID: null,
      pixKey: null,
      identifier: null,
    });
    expect(qr.value).toBeNull();
    expect(qr.comment).toBeUndefined();
    expect(qr.correlationID).toMatch(UUID);
    expect(decodeBrCode(qr.brCode).description).toBeUndefined();
  });

  it('accepts the Pix key in another spelling and stores the canonical one', async () => {
    const qr = await createQr(h(), { name: 'Upper', pixKey: h().pixKey.toUpperCase() });
    expect(qr.pixKey).toBe(h().pixKey);
  });

  const tooLong = (n: number) => 'a'.repeat(n);
  const badBodies: [string, unknown][] = [
    ['an array body', [{ name: 'x' }]],
    ['a string body', 'name'],
    ['no name', { value: 100 }],
    ['a numeric name', { name: 123 }],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a too long name', { name: tooLong(256) }],
    // A whole number is its text (the shared correlationID, client-spellings.test.ts); these are not.
    ['a fractional correlationID', { name: 'q', correlationID: 4.2 }],
    ['a boolean correlationID', { name: 'q', correlationID: true }],
    ['an empty correlationID', { name: 'q', correlationID: '' }],
    ['a too long correlationID', { name: 'q', correlationID: tooLong(256) }],
    ['a string value that is not whole cents', { name: 'q', value: '1,00' }],
    ['a fractional value', { name: 'q', value: 10.5 }],
    ['a negative value', { name: 'q', value: -100 }],
    ['a zero value', { name: 'q', value: 0 }],
    ['a boolean value', { name: 'q', value: true }],
    ['a "NaN" value', { name: 'q', value: 'NaN' }],
    ['a too large value', { name: 'q', value: 1e20 }],
    ['a numeric comment', { name: 'q', comment: 5 }],
    ['a too long comment', { name: 'q', comment: tooLong(141) }],
    ['a numeric pixKey', { name: 'q', pixKey: 12345678901 }],
    ['an empty pixKey', { name: 'q', pixKey: '' }],
    ['a too long pixKey', { name: 'q', pixKey: `${tooLong(70)}@example.com` }],
    ['an unknown pixKey', { name: 'q', pixKey: 'someone@example.com' }],
    ['an identifier with a dash', { name: 'q', identifier: 'abc-def' }],
    ['an identifier with a space', { name: 'q', identifier: 'abc def' }],
    ['an identifier with an accent', { name: 'q', identifier: 'cafe\u0301' }],
    ['a 26-character identifier', { name: 'q', identifier: tooLong(26) }],
    ['an empty identifier', { name: 'q', identifier: '' }],
    ['a numeric identifier', { name: 'q', identifier: 12 }],
  ];
  for (const [what, body] of badBodies) {
    it(`refuses ${what} with 400 and writes nothing`, async () => {
      const before = h().counts('pix_qr_codes', 'events');
      const reply = await h().client.request('createPixQrCode', { body });
      expect(reply.status).toBe(400);
      expect('body' in reply && typeof (reply.body as { error: unknown }).error).toBe('string');
      expect(h().counts('pix_qr_codes', 'events')).toEqual(before);
    });
  }

  it("refuses another company's Pix key: the code would pay someone else", async () => {
    const reply = await h().client.request('createPixQrCode', { body: { name: 'q', pixKey: h().other.pixKey } });
    expect(reply).toMatchObject({ status: 400, body: { error: expect.stringContaining('pixKey') } });
    expect(h().counts('pix_qr_codes', 'events')).toEqual({ pix_qr_codes: 0, events: 0 });
  });

  it('refuses a duplicate correlationID and identifier within the company, never for another company', async () => {
    await createQr(h(), { name: 'a', correlationID: 'dup', identifier: 'Shared1' });
    const before = h().counts('pix_qr_codes', 'events');
    const dupCorrelation = await h().client.request('createPixQrCode', { body: { name: 'c', correlationID: 'dup' } });
    expect(dupCorrelation).toMatchObject({ status: 400, body: { error: expect.stringContaining('dup') } });
    const dupIdentifier = await h().client.request('createPixQrCode', { body: { name: 'd', identifier: 'Shared1' } });
    expect(dupIdentifier).toEqual({
      status: 400,
      body: { error: 'Já existe um QRCode com este identificador. O identificador deve ser único' },
    });
    expect(h().counts('pix_qr_codes', 'events')).toEqual(before);
    // The same correlationID and identifier in another company are that company's own business
    // (migration 023): it is neither told of A's code nor blocked by it.
    const theirs = await createQr(h(), { name: 'f', correlationID: 'dup', identifier: 'Shared1' }, h().other.appId);
    expect(theirs).toMatchObject({ name: 'f', correlationID: 'dup', identifier: 'Shared1' });
  });

  it('gives two companies each its own QR code with one identifier, and links each payment to its own', async () => {
    const mine = await createQr(h(), { name: 'Caixa A', identifier: 'Mesa12', value: 700 });
    const theirs = await createQr(h(), { name: 'Caixa B', identifier: 'Mesa12', value: 900 }, h().other.appId);
    expect(theirs.id).not.toBe(mine.id);
    expect(decodeBrCode(theirs.brCode)).toMatchObject({ txid: 'Mesa12', pixKey: h().other.pixKey, amountCents: 900 });
    // Each company reads its own code by the identifier.
    expect((await h().ok('getPixQrCode', { params: { id: 'Mesa12' } })).pixQrCode).toEqual(mine);
    const read = await h().client.request('getPixQrCode', { params: { id: 'Mesa12' } }, { appId: h().other.appId });
    expect(read).toMatchObject({ status: 200, body: { pixQrCode: theirs } });
    // A's repeat is still refused with the documented text; B's code did not make it any different.
    const before = h().counts('pix_qr_codes', 'events');
    const again = await h().client.request('createPixQrCode', { body: { name: 'x', identifier: 'Mesa12' } });
    expect(again).toEqual({
      status: 400,
      body: { error: 'Já existe um QRCode com este identificador. O identificador deve ser único' },
    });
    const againB = await h().client.request(
      'createPixQrCode',
      { body: { name: 'x', identifier: 'Mesa12' } },
      { appId: h().other.appId },
    );
    expect(againB).toEqual(again);
    expect(h().counts('pix_qr_codes', 'events')).toEqual(before);

    // B's code paid through its BR Code (B's key, txid Mesa12): B's code, B's value, never A's.
    const paidB = await h().client.request(
      'sandboxPayBrCode',
      { body: { brCode: theirs.brCode } },
      { appId: h().other.appId },
    );
    expect(paidB).toMatchObject({
      status: 200,
      body: { transaction: { value: 900, pixQrCode: { identifier: 'Mesa12', correlationID: theirs.correlationID } } },
    });
    // A's paid through the simulator by identifier, then through its BR Code: A's code each time.
    const paidA = await h().ok('sandboxPay', { query: { identifier: 'Mesa12' } });
    expect(paidA.transaction).toMatchObject({
      value: 700,
      pixQrCode: { identifier: 'Mesa12', correlationID: mine.correlationID },
    });
    const paidA2 = await h().ok('sandboxPayBrCode', { body: { brCode: mine.brCode } });
    expect(paidA2.transaction.pixQrCode).toMatchObject({ correlationID: mine.correlationID });
    // B's simulator by identifier pays B's code.
    const paidB2 = await h().client.request(
      'sandboxPay',
      { query: { identifier: 'Mesa12' } },
      { appId: h().other.appId },
    );
    expect(paidB2).toMatchObject({ status: 200, body: { transaction: { value: 900 } } });

    // Stored links: every payment points at its own company's code.
    const links = h()
      .engine.db.prepare(
        `SELECT t.company_id AS tx_company, q.company_id AS qr_company, q.id AS qr FROM transactions t
         JOIN pix_qr_codes q ON q.id = t.pix_qr_code_id WHERE t.type = 'PAYMENT' ORDER BY t.value, t.rowid`,
      )
      .all() as { tx_company: string; qr_company: string; qr: string }[];
    expect(links).toEqual([
      { tx_company: companyOf(h()), qr_company: companyOf(h()), qr: mine.id },
      { tx_company: companyOf(h()), qr_company: companyOf(h()), qr: mine.id },
      { tx_company: companyOf(h(), h().other.appId), qr_company: companyOf(h(), h().other.appId), qr: theirs.id },
      { tx_company: companyOf(h(), h().other.appId), qr_company: companyOf(h(), h().other.appId), qr: theirs.id },
    ]);
    // And each company's list by QR code shows its own two payments only.
    const listA = await h().ok('listTransactions', { query: { pixQrCode: 'Mesa12' } });
    expect(listA.transactions.map((t: any) => t.value)).toEqual([700, 700]);
    const listB = await h().client.request(
      'listTransactions',
      { query: { pixQrCode: 'Mesa12' } },
      { appId: h().other.appId },
    );
    expect('body' in listB && (listB.body as any).transactions.map((t: any) => t.value)).toEqual([900, 900]);
  });

  // pretix (lhc/pretix-pix-openpix, payment.py) sends one static code per order, name, correlationID
  // and identifier all the order code; on a repeated order it compares the 400's error with the
  // real service's text byte for byte and then reads the code it already has by the order code.
  it('answers a repeated order as pretix expects: the exact Portuguese 400, then the code by its order code', async () => {
    const order = {
      name: 'ORDER7',
      correlationID: 'ORDER7',
      identifier: 'ORDER7',
      value: 10_000,
      comment: 'Pedido ORDER7',
    };
    const first = await createQr(h(), order);
    const before = h().counts('pix_qr_codes', 'payment_links', 'events');
    const again = await h().client.request('createPixQrCode', { body: order });
    expect(again.status).toBe(400);
    expect('body' in again && JSON.stringify(again.body)).toBe(
      JSON.stringify({ error: 'Já existe um QRCode com este identificador. O identificador deve ser único' }),
    );
    expect(h().counts('pix_qr_codes', 'payment_links', 'events')).toEqual(before);
    const read = await h().ok('getPixQrCode', { params: { id: 'ORDER7' } });
    expect(read.pixQrCode.brCode).toBe(first.brCode);
  });

  it('gets a QR code by id, correlationID, identifier or paymentLinkID', async () => {
    const qr = await createQr(h(), { name: 'Get', correlationID: 'get-me', value: 500 });
    for (const id of [qr.id, qr.correlationID, qr.identifier, qr.paymentLinkID]) {
      const body = await h().ok('getPixQrCode', { params: { id } });
      expect(body.pixQrCode).toEqual(qr);
    }
  });

  // The OpenAPI file gives get and delete of a static QR code only 200 and 400 {error} (the spec's
  // error table has no row for them): an unknown id, or any id of another company's code, is 400.
  it('answers 400 "Pix QR code not found" for an unknown id and for every id of another company\'s QR code', async () => {
    const theirs = await createQr(h(), { name: 'Theirs', correlationID: 'theirs' }, h().other.appId);
    for (const id of [
      'nope',
      '000000000000000000000000',
      theirs.id,
      theirs.correlationID,
      theirs.identifier,
      theirs.paymentLinkID,
    ]) {
      const reply = await h().client.request('getPixQrCode', { params: { id } });
      expect(reply, id).toEqual({ status: 400, body: { error: 'Pix QR code not found' } });
    }
    const tooLong = await h().client.request('getPixQrCode', { params: { id: 'a'.repeat(256) } });
    expect(tooLong.status).toBe(400);
  });

  it("lists the company's QR codes newest first, paged, without another company's", async () => {
    for (let i = 0; i < 3; i++) {
      await createQr(h(), { name: `qr${i}`, correlationID: `qr${i}` });
      h().clock.advance(1_000);
    }
    await createQr(h(), { name: 'theirs' }, h().other.appId);
    const all = await h().ok('listPixQrCodes');
    expect(all.pixQrCodes.map((q: any) => q.correlationID)).toEqual(['qr2', 'qr1', 'qr0']);
    expect(all.pageInfo).toEqual({ skip: 0, limit: 100, totalCount: 3, hasPreviousPage: false, hasNextPage: false });
    const page = await h().ok('listPixQrCodes', { query: { skip: '1', limit: '1' } });
    expect(page.pixQrCodes.map((q: any) => q.correlationID)).toEqual(['qr1']);
    expect(page.pageInfo).toEqual({ skip: 1, limit: 1, totalCount: 3, hasPreviousPage: true, hasNextPage: true });
    const last = await h().ok('listPixQrCodes', { query: { skip: '2', limit: '1' } });
    expect(last.pageInfo.hasNextPage).toBe(false);
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: 'x' }, { skip: '-1' }, { skip: '1.5' }]) {
      const reply = await h().client.request('listPixQrCodes', { query });
      expect(reply).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    }
  });

  it('deletes a QR code by any of its ids: gone from get, list and a second delete, with an event', async () => {
    const ids = ['id', 'correlationID', 'identifier', 'paymentLinkID'] as const;
    for (const field of ids) {
      const qr = await createQr(h(), { name: field, correlationID: `del-${field}` });
      const body = await h().ok('deletePixQrCode', { params: { id: qr[field] } });
      expect(body).toEqual({ status: 'OK', id: qr[field] });
      expect(await h().client.request('getPixQrCode', { params: { id: qr.id } })).toEqual({
        status: 400,
        body: { error: 'Pix QR code not found' },
      });
      expect(await h().client.request('deletePixQrCode', { params: { id: qr[field] } })).toEqual({
        status: 400,
        body: { error: 'Pix QR code not found' },
      });
    }
    expect((await h().ok('listPixQrCodes')).pixQrCodes).toEqual([]);
    expect(eventNames(h()).filter((n) => n === 'PIX_QRCODE_DELETED')).toHaveLength(4);
  });

  it("keeps a deleted QR code's correlationID and identifier reserved", async () => {
    const qr = await createQr(h(), { name: 'old', correlationID: 'reused', identifier: 'Printed1' });
    await h().ok('deletePixQrCode', { params: { id: qr.id } });
    expect(
      (await h().client.request('createPixQrCode', { body: { name: 'new', correlationID: 'reused' } })).status,
    ).toBe(400);
    expect(
      (await h().client.request('createPixQrCode', { body: { name: 'new', identifier: 'Printed1' } })).status,
    ).toBe(400);
    // Payments resolve by identifier within the company; a deleted code no longer resolves.
    expect(pixQrCodeRepo(h().engine.db).findByIdentifier(companyOf(h()), 'Printed1')).toBeUndefined();
  });

  it("refuses to delete another company's QR code exactly as an unknown one (400), and it stays intact", async () => {
    const theirs = await createQr(h(), { name: 'Theirs' }, h().other.appId);
    const before = h().counts('events');
    for (const id of ['nope', theirs.id, theirs.correlationID, theirs.identifier, theirs.paymentLinkID]) {
      expect(await h().client.request('deletePixQrCode', { params: { id } }), id).toEqual({
        status: 400,
        body: { error: 'Pix QR code not found' },
      });
    }
    expect(h().counts('events')).toEqual(before);
    const still = await h().client.request('getPixQrCode', { params: { id: theirs.id } }, { appId: h().other.appId });
    expect(still.status).toBe(200);
  });

  it('deletes a QR code that received payments and keeps the payments pointing at it', async () => {
    const qr = await createQr(h(), { name: 'Paid', value: 700 });
    const db = h().engine.db;
    const row = pixQrCodeRepo(db).findByIdentifier(companyOf(h()), qr.identifier)!;
    expect(row.company_id).toBeTruthy();
    db.prepare(
      `INSERT INTO transactions (id, company_id, account_id, type, status, value, end_to_end_id, transaction_id, pix_qr_code_id, time, created_at)
       VALUES ('tx1', ?, ?, 'PAYMENT', 'CONFIRMED', 700, 'E00000000202611221500abcdefghijk', ?, ?, ?, ?)`,
    ).run(row.company_id, row.account_id, qr.identifier, row.id, row.created_at, row.created_at);
    expect(await h().ok('deletePixQrCode', { params: { id: qr.correlationID } })).toEqual({
      status: 'OK',
      id: qr.correlationID,
    });
    const tx = db.prepare('SELECT pix_qr_code_id FROM transactions WHERE id = ?').get('tx1') as {
      pix_qr_code_id: string;
    };
    expect(tx.pix_qr_code_id).toBe(row.id);
    expect(pixQrCodeRepo(db).findByIdIncludingDeleted(row.company_id, row.id)?.deleted_at).toBe(
      '2026-11-22T15:00:00.000Z',
    );
  });

  it('finds a live QR code by identifier within its company only, for payments', async () => {
    const theirs = await createQr(h(), { name: 'Theirs', identifier: 'Pay0ther' }, h().other.appId);
    const row = pixQrCodeRepo(h().engine.db).findByIdentifier(companyOf(h(), h().other.appId), 'Pay0ther');
    expect(row?.id).toBe(theirs.id);
    expect(row?.br_code).toBe(theirs.brCode);
    expect(pixQrCodeRepo(h().engine.db).findByIdentifier(companyOf(h()), 'Pay0ther')).toBeUndefined();
  });

  it('needs an AppID', async () => {
    const reply = await h().client.request('createPixQrCode', { body: { name: 'x' } }, { appId: null });
    expect(reply.status).toBe(401);
    expect(h().counts('pix_qr_codes').pix_qr_codes).toBe(0);
  });
});
