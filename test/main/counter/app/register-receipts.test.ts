// A receipt of a sale made once the register is set up prints the counter's own facts of it: the
// sale's number in its session ("Venda 0042" as 0042), the operator who sold it and the till, with
// the correlationID kept for support. Real embedded runtime, read back with poppler's pdftotext;
// PNGs of the PDFs in test-artifacts/receipts/ for a person to look at.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagerApproval, ReceiptFile, RegisterState, Sale } from '#shared/counter/counter-api';
import { ARTIFACTS, pdfText, savePdf } from '../../lib/receipts/fixtures';
import { openRuntime, until, type RuntimeFixture } from './runtime-fixture';

let fixture: RuntimeFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

const idOf = (state: RegisterState, name: string) => state.operators.find((operator) => operator.name === name)!.id;

function textOf(name: string, file: ReceiptFile): string {
  return pdfText(savePdf(name, Buffer.from(file.pdfBase64, 'base64'))).replace(/\u00a0/g, ' ');
}

function flat(text: string): string {
  return text.replace(/\s+/g, '');
}

function rasterize(name: string): void {
  execFileSync('pdftoppm', ['-png', '-r', '80', join(ARTIFACTS, `${name}.pdf`), join(ARTIFACTS, name)]);
}

describe('the receipt of a sale made at an open register', () => {
  it('prints the sale number, the operator and the till (payment and refund, 80 mm and A4), and the correlationID', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const marta = idOf(await h.createOperator({ name: 'Marta Souza', role: 'MANAGER', pin: '4321' }), 'Marta Souza');
    const manager: ManagerApproval = { operatorId: marta, pin: '4321' };
    const joao = idOf(
      await h.createOperator({ name: 'João Lima', role: 'CASHIER', pin: '1111', manager }),
      'João Lima',
    );
    await h.signIn({ operatorId: joao, pin: '1111' });
    await h.openRegister({ tillName: 'Caixa da frente' });
    // Two sales so the one printed is number 2, not a number 1 that any default would print.
    await h.createSale({ value: 100 });
    const sale = await h.createSale({ value: 4_250 });
    await h.simulatePayment({ correlationID: sale.correlationID });
    await h.refundSale({ correlationID: sale.correlationID, value: 250, reason: 'Troca', manager });
    const paid = await until<Sale>(async () => {
      const now = await h.getSale({ correlationID: sale.correlationID });
      return now.endToEndId && now.refunds[0]?.endToEndId ? now : undefined;
    });

    for (const layout of ['thermal80', 'a4'] as const) {
      const payment = textOf(
        `register-pix-in-${layout}`,
        await h.getReceipt({ correlationID: sale.correlationID, kind: 'pix-in', endToEndId: paid.endToEndId!, layout }),
      );
      const refund = textOf(
        `register-pix-refund-${layout}`,
        await h.getReceipt({
          correlationID: sale.correlationID,
          kind: 'pix-refund',
          endToEndId: paid.refunds[0]!.endToEndId!,
          layout,
        }),
      );
      for (const text of [payment, refund]) {
        expect(text).toMatch(/Venda\s+0002/);
        expect(text).toMatch(/Operador\s+João Lima/);
        expect(text).toMatch(/Caixa\s+Caixa da frente/);
        expect(flat(text)).toContain(sale.correlationID);
      }
      expect(payment).toContain('R$ 42,50');
      expect(refund).toContain('R$ 2,50');
      rasterize(`register-pix-in-${layout}`);
      rasterize(`register-pix-refund-${layout}`);
    }
  });

  it('prints none of them for a sale made before the register was set up', async () => {
    fixture = openRuntime();
    const h = fixture.runtime.api;
    const sale = await h.createSale({ value: 990 });
    await h.simulatePayment({ correlationID: sale.correlationID });
    const paid = await until<Sale>(async () => {
      const now = await h.getSale({ correlationID: sale.correlationID });
      return now.endToEndId ? now : undefined;
    });
    const text = textOf(
      'unregistered-pix-in',
      await h.getReceipt({
        correlationID: sale.correlationID,
        kind: 'pix-in',
        endToEndId: paid.endToEndId!,
        layout: 'thermal80',
      }),
    );
    expect(text).toContain('R$ 9,90');
    expect(text).not.toMatch(/Venda\s+\d{4}/);
    expect(text).not.toContain('Operador');
    expect(flat(text)).toContain(sale.correlationID);
  });
});
