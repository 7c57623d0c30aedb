// 4. Binary artifacts: QR code PNGs (1024 and 4096 px) and pix-in receipt PDFs. When the
// engine serves them, the bare library call with the same input is the baseline; while an
// operation still answers 501 (its module is being written) the library itself is measured,
// and the output says so.

import { join } from 'node:path';
import QRCode from 'qrcode';
import { ServiceError } from '#service/engine/errors';
import type { Engine } from '#service/engine/engine';
import { newEndToEndId } from '#lib/pix';
import { type ReceiptData, renderReceiptPdf } from '#lib/receipts';
import { createSandboxService } from '#service/index';
import { CHARGE_BODY } from './charge-rows';
import { interleavedMsPerOp } from './measure';
import type { BenchRow, BenchSection } from './report';

export interface ArtifactOptions {
  batches: number;
  qrPerBatch: Record<number, number>;
  receiptsPerBatch: number;
}

const QR_SIZES = [1024, 4096] as const;
/** A payer's bank other than the sandbox PSP (Nubank's ISPB). */
const PAYER_ISPB = '18236120';

/** Runs `probe`; a ServiceError (501 while unimplemented, or any other refusal) gives its text instead. */
async function tryEngine<T>(probe: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; why: string }> {
  try {
    return { ok: true, value: await probe() };
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, why: `${error.status} ${error.message}` };
    throw error;
  }
}

/** Width of a PNG from its IHDR chunk, to check the engine drew the size it was asked for. */
function pngWidth(bytes: Uint8Array): number | null {
  const signature = [0x89, 0x50, 0x4e, 0x47];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(16);
}

function directQr(brCode: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(brCode, { width, margin: 4, errorCorrectionLevel: 'M' });
}

function receiptData(
  engine: Engine,
  appId: string,
  charge: { value: number; comment?: string; correlationID: string; pixKey?: string },
  endToEndId: string,
): ReceiptData {
  const tenant = engine.tenancy.resolveTenant(appId)!;
  const { company, account } = tenant;
  return {
    kind: 'pix-in',
    endToEndId,
    value: charge.value,
    time: new Date().toISOString(),
    payer: {
      name: 'Maria da Silva',
      taxID: { taxID: '12345678909', type: 'BR:CPF' },
      bankName: 'Nu Pagamentos S.A.',
      ispb: PAYER_ISPB,
    },
    receiver: {
      name: company.trade_name,
      taxID: { taxID: company.tax_id, type: 'BR:CNPJ' },
      bankName: account.bank_name,
      ispb: account.ispb,
      pixKey: charge.pixKey,
      branch: account.branch,
      account: account.account,
    },
    description: charge.comment,
    chargeCorrelationID: charge.correlationID,
    header: { title: company.trade_name },
    environment: 'SANDBOX',
  };
}

export async function benchArtifacts(dir: string, options: ArtifactOptions): Promise<BenchSection> {
  const service = createSandboxService({ dbPath: join(dir, 'artifacts.db') });
  const notes: string[] = [];
  const raw: Record<string, unknown> = {};
  const rows: BenchRow[] = [];
  try {
    const { engine, appId } = service;
    const { charge } = await engine.call(appId, 'createCharge', {
      body: { ...CHARGE_BODY, correlationID: 'artifact-charge' },
    });

    // QR images. The engine caches each (BR Code, size) PNG, so asking again for one image would
    // measure the cache: every engine call asks for a charge not yet drawn at that size, so the
    // rows measure a render (on the engine's worker pool), as the qrcode lib baseline does.
    const qrCalls = 1 + Math.max(...QR_SIZES.map((size) => 1 + options.batches * (options.qrPerBatch[size] ?? 1)));
    const undrawn: string[] = [];
    for (let i = 0; i < qrCalls; i++) {
      const body = { ...CHARGE_BODY, correlationID: `artifact-qr-${i}` };
      undrawn.push((await engine.call(appId, 'createCharge', { body })).charge.paymentLinkID);
    }
    const drawnAt: Record<number, number> = {};
    const engineQr = (size: number) => () => {
      const next = (drawnAt[size] = (drawnAt[size] ?? -1) + 1);
      return engine.call(appId, 'getChargeQrImage', {
        params: { id: undrawn[next % undrawn.length]! },
        query: { size: String(size) },
      });
    };
    const probe = await tryEngine(engineQr(1024));
    const viaEngine = probe.ok;
    if (probe.ok) {
      raw.enginePngWidth1024 = pngWidth(probe.value);
      if (raw.enginePngWidth1024 !== 1024)
        notes.push(`engine QR at size=1024 is ${String(raw.enginePngWidth1024)} px wide`);
    } else {
      notes.push(`getChargeQrImage answered ${probe.why}: QR rows measure qrcode.toBuffer directly (fallback)`);
    }
    const qrMs: Record<number, number> = {};
    for (const size of QR_SIZES) {
      const perBatch = options.qrPerBatch[size] ?? 1;
      const direct = () => directQr(charge.brCode, size);
      const subject = viaEngine ? engineQr(size) : direct;
      const { subject: measured, baseline: compared } = await interleavedMsPerOp(subject, direct, {
        batches: options.batches,
        perBatch,
        warmup: 1,
      });
      const baseline = viaEngine ? compared : null;
      qrMs[size] = measured.median;
      raw[`qr${size}`] = { measured, baseline };
      rows.push({
        operation: `QR PNG ${size}px ${viaEngine ? '(engine getChargeQrImage)' : '(FALLBACK: qrcode lib)'}`,
        measured: 1000 / measured.median,
        unit: 'img/s',
        baseline: baseline ? 1000 / baseline.median : null,
        baselineLabel: baseline ? 'qrcode lib' : 'none (fallback)',
        ratio: baseline ? baseline.median / measured.median : null,
        ratioLabel: 'engine/lib',
        aim: null,
        note: `${measured.median.toFixed(1)} ms/image`,
      });
    }
    rows.push({
      operation: `QR PNG time 4096px vs 1024px${viaEngine ? '' : ' (FALLBACK: qrcode lib)'}`,
      measured: qrMs[4096]!,
      unit: 'ms/img',
      baseline: qrMs[1024]!,
      baselineLabel: '1024px',
      ratio: qrMs[4096]! / qrMs[1024]!,
      ratioLabel: 't4096/t1024',
      aim: null,
      note: '4096px has 16x the pixels of 1024px: a ratio near 16 means cost grows with pixels, not worse',
    });

    // Receipts: pay the charge as a payer's bank would, then fetch its pix-in receipt.
    const paid = await tryEngine(() => engine.call(appId, 'sandboxPayBrCode', { body: { brCode: charge.brCode } }));
    const endToEndId = paid.ok ? paid.value.transaction.endToEndId : newEndToEndId(PAYER_ISPB, new Date());
    if (!paid.ok) notes.push(`sandboxPayBrCode answered ${paid.why}: receipt uses a made-up end-to-end id`);
    const engineReceipt = () => engine.call(appId, 'getReceipt', { params: { receiptType: 'pix-in', endToEndId } });
    const receiptProbe = paid.ok ? await tryEngine(engineReceipt) : { ok: false as const, why: 'charge not paid' };
    const data = receiptData(engine, appId, charge, endToEndId);
    const direct = () => renderReceiptPdf(data);
    if (!receiptProbe.ok)
      notes.push(`getReceipt answered ${receiptProbe.why}: receipt row measures renderReceiptPdf directly (fallback)`);
    const subject = receiptProbe.ok ? engineReceipt : direct;
    const shape = {
      batches: options.batches,
      perBatch: options.receiptsPerBatch,
      warmup: options.receiptsPerBatch * 2,
    };
    const { subject: measured, baseline: compared } = await interleavedMsPerOp(subject, direct, shape);
    const baseline = receiptProbe.ok ? compared : null;
    raw.receipt = { measured, baseline, pdfBytes: (await direct()).byteLength };
    rows.push({
      operation: `receipt PDF pix-in A4 ${receiptProbe.ok ? '(engine getReceipt)' : '(FALLBACK: renderReceiptPdf)'}`,
      measured: 1000 / measured.median,
      unit: 'pdf/s',
      baseline: baseline ? 1000 / baseline.median : null,
      baselineLabel: baseline ? 'renderReceiptPdf' : 'none (fallback)',
      ratio: baseline ? baseline.median / measured.median : null,
      ratioLabel: 'engine/render',
      aim: null,
      note: `${measured.median.toFixed(2)} ms/pdf`,
    });
    return { rows, notes, raw };
  } finally {
    await service.close();
  }
}
