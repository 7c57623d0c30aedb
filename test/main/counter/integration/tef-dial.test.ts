// The PDV file exchange as a PDV written for TEF Discado uses it: real folders in a temporary
// directory, the real runtime, and the sandbox paying. The PDV writes REQ/IntPos.tmp and renames
// it IntPos.001 (Windows-1252, CR LF), waits for RESP/IntPos.Sts, then for RESP/IntPos.001,
// which it reads and deletes.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterEvent, Sale } from '#shared/counter/counter-api';
import { readCents, readIntPos, writeIntPos, decodeCp1252, encodeCp1252 } from '#counter/integration/tef-dial/intpos';
import { TEF_DIAL_INTEGRATION, TefDialExchange } from '#counter/integration/tef-dial/tef-dial-exchange';
import { keepTefDial } from '#counter/hosts/pdv/tef-dial-host';
import { openRuntime, until, type RuntimeFixture } from '../app/runtime-fixture';

describe('the IntPos format', () => {
  it('reads CR LF or LF, Windows-1252 text and the value in cents or reais, and writes CR LF in Windows-1252', () => {
    const bytes = Buffer.concat([
      Buffer.from('000-000 = CRT\r\n001-000 = 12\n002-000 = 77\r\n003-000 = 260,70\r\n', 'latin1'),
      Buffer.from([...Buffer.from('030-000 = Cart', 'latin1'), 0xe3, 0x6f, 0x20, 0x93, 0x4f, 0x4b, 0x94, 0x0d, 0x0a]),
      Buffer.from('999-999 = 0\r\n', 'latin1'),
    ]);
    const read = readIntPos(bytes);
    expect(read.ok).toBe(true);
    if (!read.ok) throw new Error(read.reason);
    expect(Object.fromEntries(read.fields)).toEqual({
      '000-000': 'CRT',
      '001-000': '12',
      '002-000': '77',
      '003-000': '260,70',
      '030-000': 'Cartão “OK”',
      '999-999': '0',
    });
    expect(readCents('4500')).toBe(4500);
    expect(readCents('260,70')).toBe(26070);
    expect(readCents('1.5')).toBeUndefined();
    expect(readCents('-10')).toBeUndefined();
    const written = writeIntPos([
      ['000-000', 'CRT'],
      ['030-000', 'Pix recebido — ação'],
    ]);
    expect(written.toString('latin1')).toBe(
      '000-000 = CRT\r\n030-000 = Pix recebido \u0097 a\u00e7\u00e3o\r\n999-999 = 0\r\n',
    );
    expect(decodeCp1252(encodeCp1252('€ “x” ✓'))).toBe('€ “x” ?');
  });

  it('never throws on a malformed file: it says why, and whether the file may still be being written', () => {
    expect(readIntPos(Buffer.from('000-000 = CRT\r\n001-000 = 1\r\n'))).toMatchObject({ ok: false, complete: false });
    expect(readIntPos(Buffer.from('lixo\r\n999-999 = 0\r\n'))).toMatchObject({ ok: false, complete: true });
    expect(readIntPos(Buffer.from('000-000 = CRT\r\n000-000 = ATV\r\n999-999 = 0\r\n'))).toMatchObject({
      ok: false,
      reason: 'Campo 000-000 repetido',
    });
    expect(readIntPos(Buffer.from('001-000 = 1\r\n999-999 = 0\r\n'))).toMatchObject({ ok: false, complete: true });
    expect(readIntPos(Buffer.alloc(100_000, 0x41))).toMatchObject({ ok: false, complete: true });
    expect(readIntPos(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toMatchObject({ ok: false });
  });
});

let fixture: RuntimeFixture;
let folder: string;
let exchange: TefDialExchange | undefined;
const logs: string[] = [];

function startExchange(): TefDialExchange {
  const { pdv } = fixture.runtime;
  exchange = new TefDialExchange({
    folder,
    sales: pdv.sales,
    integration: () => pdv.tokens.system(TEF_DIAL_INTEGRATION.id, TEF_DIAL_INTEGRATION.name),
    now: () => new Date(),
    pollMs: 20,
    log: (line) => logs.push(line),
  });
  exchange.start();
  return exchange;
}

beforeEach(() => {
  fixture = openRuntime();
  folder = mkdtempSync(join(tmpdir(), 'balcao-tef-'));
  logs.length = 0;
});
afterEach(async () => {
  await exchange?.stop();
  exchange = undefined;
  await fixture.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** What a PDV does: the request as IntPos.tmp, renamed IntPos.001 once whole. */
function request(lines: string[]): void {
  mkdirSync(join(folder, 'REQ'), { recursive: true });
  writeFileSync(join(folder, 'REQ', 'IntPos.tmp'), Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  renameSync(join(folder, 'REQ', 'IntPos.tmp'), join(folder, 'REQ', 'IntPos.001'));
}

function crt(id: string, document: string, value: string): void {
  request([
    '000-000 = CRT',
    `001-000 = ${id}`,
    `002-000 = ${document}`,
    `003-000 = ${value}`,
    '004-000 = 0',
    '999-999 = 0',
  ]);
}

/**
 * Reads and deletes a RESP file once it is there, as the PDV does. The wait is generous: on a
 * loaded machine (the whole suite on 2 cores) an unfinished request's 1.5 s quiet window and the
 * polls behind it took over 5 s once; how soon the answer comes is the bench's business, not this.
 */
async function take(name: 'IntPos.Sts' | 'IntPos.001', timeoutMs = 15_000): Promise<Record<string, string>> {
  const path = join(folder, 'RESP', name);
  await until(() => (existsSync(path) ? true : undefined), timeoutMs);
  const read = readIntPos(readFileSync(path));
  unlinkSync(path);
  if (!read.ok) throw new Error(`${name} unreadable: ${read.reason}`);
  return Object.fromEntries(read.fields);
}

function salesCount(): number {
  return (fixture.runtime.counterDb.prepare('SELECT COUNT(*) AS n FROM sales').get() as { n: number }).n;
}

function onScreen(): Sale[] {
  const shown: Sale[] = [];
  fixture.runtime.events.subscribe((event: CounterEvent) => {
    if (event.type === 'sale-on-screen' && event.sale) shown.push(event.sale);
  });
  return shown;
}

async function pay(brCode: string) {
  const { sandbox } = fixture.runtime;
  await sandbox.engine.call(sandbox.appId, 'sandboxPayBrCode', {
    body: { brCode, payer: { name: 'Maria das Graças Souza', taxID: '52998224725' } },
  });
}

describe('the TEF Discado file exchange', () => {
  it('charges a CRT on the cashier’s screen and answers it paid, with the end-to-end id and a receipt', async () => {
    const shown = onScreen();
    startExchange();
    crt('34430576', '223546', '1234');
    expect(await take('IntPos.Sts')).toEqual({ '000-000': 'CRT', '001-000': '34430576', '999-999': '0' });
    // Acknowledged, the request is gone from REQ.
    await until(() => (existsSync(join(folder, 'REQ', 'IntPos.001')) ? undefined : true));
    const sale = await until(() => shown[0]);
    expect(sale.value).toBe(1234);
    // The exchange's integration row was made on first use; it has no token.
    expect(fixture.runtime.pdv.tokens.list()).toEqual([
      expect.objectContaining({ id: TEF_DIAL_INTEGRATION.id, name: TEF_DIAL_INTEGRATION.name }),
    ]);
    await pay(sale.brCode!);
    const answer = await take('IntPos.001', 15_000);
    expect(answer).toMatchObject({
      '000-000': 'CRT',
      '001-000': '34430576',
      '002-000': '223546',
      '003-000': '1234',
      '009-000': '0',
      '010-000': 'PIX',
      '013-000': expect.stringMatching(/^E[0-9A-Za-z]{31}$/),
      '022-000': expect.stringMatching(/^\d{8}$/),
      '023-000': expect.stringMatching(/^\d{6}$/),
      '030-000': 'Pix recebido',
    });
    expect(answer['012-000']).toMatch(/^tef:\d{8}:223546:34430576$/);
    expect(answer['027-000']).toBe(answer['012-000']);
    const lines = Number(answer['028-000']);
    const receipt = Array.from({ length: lines }, (_, index) => answer[`029-${String(index + 1).padStart(3, '0')}`]);
    expect(receipt.join('\n')).toContain('R$ 12,34');
    expect(receipt).toContain(answer['013-000']);
    // Nothing waits any more, and the PDV's CNF is recorded.
    expect(readdirSync(join(folder, 'BALCAO', 'pendentes'))).toEqual([]);
    request(['000-000 = CNF', '001-000 = 34430577', `027-000 = ${answer['027-000']}`, '999-999 = 0']);
    expect(await take('IntPos.Sts')).toMatchObject({ '000-000': 'CNF', '001-000': '34430577' });
    await until(() =>
      existsSync(join(folder, 'BALCAO', 'confirmacoes.txt')) &&
      readFileSync(join(folder, 'BALCAO', 'confirmacoes.txt'), 'utf8').includes(`CNF ${answer['027-000']}`)
        ? true
        : undefined,
    );
    expect(existsSync(join(folder, 'RESP', 'IntPos.001'))).toBe(false);
  });

  it('answers an ATV with the status file alone', async () => {
    startExchange();
    request(['000-000 = ATV', '001-000 = 7', '999-999 = 0']);
    expect(await take('IntPos.Sts')).toEqual({ '000-000': 'ATV', '001-000': '7', '999-999': '0' });
    await until(() => (existsSync(join(folder, 'REQ', 'IntPos.001')) ? undefined : true));
    expect(existsSync(join(folder, 'RESP', 'IntPos.001'))).toBe(false);
  });

  it('makes one sale of a request read twice', async () => {
    const shown = onScreen();
    startExchange();
    crt('900', '55', '700');
    await take('IntPos.Sts');
    const sale = await until(() => shown[0]);
    // The PDV, not sure it was seen, writes the same request again.
    crt('900', '55', '700');
    await take('IntPos.Sts');
    await until(() => (existsSync(join(folder, 'REQ', 'IntPos.001')) ? undefined : true));
    expect(salesCount()).toBe(1);
    await pay(sale.brCode!);
    expect(await take('IntPos.001', 15_000)).toMatchObject({ '001-000': '900', '009-000': '0' });
    // Again after the answer: the same paid sale, answered again, still one sale.
    crt('900', '55', '700');
    await take('IntPos.Sts');
    expect(await take('IntPos.001', 15_000)).toMatchObject({ '001-000': '900', '009-000': '0' });
    expect(salesCount()).toBe(1);
  });

  it('answers a malformed file with an error, makes no sale, and goes on answering', async () => {
    startExchange();
    request(['000-000 = CRT', '001-000 = 31', 'isto não é um campo', '999-999 = 0']);
    expect(await take('IntPos.Sts')).toMatchObject({ '000-000': 'CRT', '001-000': '31' });
    expect(await take('IntPos.001')).toMatchObject({ '000-000': 'CRT', '001-000': '31', '009-000': '1' });
    request(['000-000 = CRT', '001-000 = 32', '003-000 = doze', '999-999 = 0']);
    await take('IntPos.Sts');
    expect(await take('IntPos.001')).toMatchObject({
      '001-000': '32',
      '009-000': '1',
      '030-000': 'Campo 003-000 (valor) ausente ou inválido',
    });
    // No trailer, and nobody finishing it: answered once it stopped changing.
    request(['000-000 = CRT', '001-000 = 33', '003-000 = 100']);
    await take('IntPos.Sts');
    expect(await take('IntPos.001')).toMatchObject({ '001-000': '33', '009-000': '1' });
    request(['000-000 = CHQ', '001-000 = 34', '003-000 = 100', '999-999 = 0']);
    await take('IntPos.Sts');
    expect((await take('IntPos.001'))['030-000']).toMatch(/CHQ não atendida/);
    expect(salesCount()).toBe(0);
    // Still answering.
    request(['000-000 = ATV', '001-000 = 35', '999-999 = 0']);
    expect(await take('IntPos.Sts')).toMatchObject({ '001-000': '35' });
  });

  it('cancels a waiting sale on a CNC: the CRT is answered not approved, the CNC approved', async () => {
    const shown = onScreen();
    startExchange();
    crt('41', '9001', '2500');
    await take('IntPos.Sts');
    await until(() => shown[0]);
    const orderId = await until(() => {
      const pending = readdirSync(join(folder, 'BALCAO', 'pendentes'));
      return pending[0]
        ? (JSON.parse(readFileSync(join(folder, 'BALCAO', 'pendentes', pending[0]), 'utf8')) as { orderId: string })
            .orderId
        : undefined;
    });
    // The PDV gave up waiting (its operator interrupted it) and cancels: the CRT is answered
    // first (cancelled), the CNC last, so RESP/IntPos.001 ends with the CNC's answer.
    request([
      '000-000 = CNC',
      '001-000 = 42',
      '003-000 = 2500',
      '010-000 = PIX',
      `012-000 = ${orderId}`,
      '999-999 = 0',
    ]);
    await take('IntPos.Sts');
    const path = join(folder, 'RESP', 'IntPos.001');
    const answer = await until(() => {
      const read = existsSync(path) ? readIntPos(readFileSync(path)) : undefined;
      return read?.ok && read.fields.get('001-000') === '42' ? Object.fromEntries(read.fields) : undefined;
    });
    expect(answer).toMatchObject({ '000-000': 'CNC', '009-000': '0', '012-000': orderId });
    expect(readdirSync(join(folder, 'BALCAO', 'pendentes'))).toEqual([]);
    unlinkSync(path);
    // A CNC for what the counter never charged is not approved.
    request(['000-000 = CNC', '001-000 = 43', '012-000 = tef:20200101:1:1', '999-999 = 0']);
    await take('IntPos.Sts');
    expect(await take('IntPos.001')).toMatchObject({
      '001-000': '43',
      '009-000': '1',
      '030-000': 'Transação não encontrada no Balcão',
    });
  });

  it('answers once after a restart mid-request', async () => {
    const shown = onScreen();
    startExchange();
    crt('51', '700', '990');
    await take('IntPos.Sts');
    const sale = await until(() => shown[0]);
    await exchange!.stop();
    expect(readdirSync(join(folder, 'BALCAO', 'pendentes'))).toHaveLength(1);
    startExchange();
    await pay(sale.brCode!);
    expect(await take('IntPos.001', 15_000)).toMatchObject({ '001-000': '51', '009-000': '0' });
    expect(salesCount()).toBe(1);
    await until(() => (readdirSync(join(folder, 'BALCAO', 'pendentes')).length === 0 ? true : undefined));
    // Once: no second answer follows.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(join(folder, 'RESP', 'IntPos.001'))).toBe(false);
  });

  it('says once that a folder cannot be used, and keeps the counter going', async () => {
    const notAFolder = join(folder, 'arquivo');
    writeFileSync(notAFolder, 'não é uma pasta');
    const { pdv } = fixture.runtime;
    exchange = new TefDialExchange({
      folder: notAFolder,
      sales: pdv.sales,
      integration: () => pdv.tokens.system(TEF_DIAL_INTEGRATION.id, TEF_DIAL_INTEGRATION.name),
      now: () => new Date(),
      pollMs: 10,
      log: (line) => logs.push(line),
    });
    exchange.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logs.filter((line) => line.includes(notAFolder))).toHaveLength(1);
    expect((await fixture.runtime.api.getStatus()).ready).toBe(true);
  });

  it('follows the settings: off by default, on in the folder the owner named, off again', async () => {
    const keeper = keepTefDial(fixture.runtime, { pollMs: 20, log: (line) => logs.push(line) });
    try {
      expect(keeper.folder()).toBeUndefined();
      await fixture.runtime.api.saveSettings({ pdvFileExchange: { enabled: true, folder } });
      await until(() => keeper.folder());
      request(['000-000 = ATV', '001-000 = 1', '999-999 = 0']);
      expect(await take('IntPos.Sts')).toMatchObject({ '000-000': 'ATV' });
      await fixture.runtime.api.saveSettings({ pdvFileExchange: { enabled: false, folder } });
      await until(() => (keeper.folder() === undefined ? true : undefined));
    } finally {
      await keeper.stop();
    }
  });
});
