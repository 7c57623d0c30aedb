import { describe, expect, it } from 'vitest';
import en from '#renderer/i18n/en.json';
import ptBR from '#renderer/i18n/pt-BR.json';
import { COUNTER_SCOPES } from '#counter/sync/connection/connection-scopes';
import { COUNTER_FEATURES } from '#shared/counter/value-sets';
import { SALE_DISPLAY_STATUSES } from '#shared/counter/sale-display-status';
import type { SaleRefund } from '#shared/counter/counter-api';

const REFUND_STATUSES: SaleRefund['status'][] = ['QUEUED', 'IN_PROCESSING', 'CONFIRMED', 'REJECTED'];

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function placeholders(tree: object): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'object' && value !== null) walk(value, `${prefix}${key}.`);
      else out[`${prefix}${key}`] = [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
    }
  };
  walk(tree, '');
  return out;
}

describe('translation catalogues', () => {
  it('English has exactly the Portuguese keys', () => {
    expect(keys(en).sort()).toEqual(keys(ptBR).sort());
  });

  it('each English text uses the same placeholders as its Portuguese original', () => {
    expect(placeholders(en)).toEqual(placeholders(ptBR));
  });

  it('every scope and feature "Testar conexão" reports has its words', () => {
    for (const catalogue of [ptBR, en]) {
      const { scopes, features, verdict } = catalogue.settings.connectionTest;
      expect(Object.keys(scopes).sort()).toEqual(COUNTER_SCOPES.map((entry) => entry.scope).sort());
      for (const feature of COUNTER_FEATURES) {
        expect((features as Record<string, string>)[feature], feature).toBeTruthy();
        expect((verdict.featureNames as Record<string, string>)[feature], feature).toBeTruthy();
      }
    }
  });

  it('the labels the e2e tests rely on stay as they are in Portuguese', () => {
    expect(ptBR.sale.amount).toBe('Valor');
    expect(ptBR.refund.amount).toBe('Valor da devolução');
    expect(ptBR.refund.reason).toBe('Motivo');
    expect(ptBR.live.paid).toBe('Pago');
    expect(ptBR.detail.refund).toBe('Devolver');
    expect(ptBR.live.receipt).toBe('Comprovante');
    expect(ptBR.refund.confirm).toMatch(/^Confirmar devolução/);
    expect(ptBR.live.qrAlt).toMatch(/^QR Code Pix/);
  });

  it('every sale status has its chip and its "Última venda" word, in both languages', () => {
    for (const catalogue of [ptBR, en]) {
      for (const status of SALE_DISPLAY_STATUSES) {
        expect(catalogue.status[status], status).toBeTruthy();
        expect(catalogue.sale.lastSaleStatus[status], status).toBeTruthy();
      }
      for (const status of REFUND_STATUSES) expect(catalogue.refundStatus[status], status).toBeTruthy();
    }
    expect(ptBR.status.PENDING).toBe('Conectando');
    expect(ptBR.status.CANCELLED).toBe('Cancelada');
    expect(ptBR.status.REJECTED).toBe('Recusada');
  });

  it('the status bar words the e2e tests will look for', () => {
    expect(ptBR.statusBar.online).toBe('Online');
    expect(ptBR.statusBar.offlineSince).toBe('Offline desde {{time}}');
    expect(ptBR.statusBar.syncing).toBe('Sincronizando…');
    expect(ptBR.statusBar.queued_other).toBe('{{count}} aguardando envio');
    expect(ptBR.statusBar.queuedElsewhere_other).toBe('+{{count}} de outro serviço');
    expect(ptBR.statusBar.authRefused).toBe('AppID recusado — confira em Configurações (F9)');
    expect(ptBR.live.connecting).toBe('Conectando…');
  });

  it('the offline selling words the e2e tests will look for', () => {
    expect(ptBR.live.offlineSale).toBe('Offline: o pagamento será confirmado quando a conexão voltar');
    expect(ptBR.live.awaitingConfirmation).toBe('Aguardando confirmação');
    expect(ptBR.live.customerShowedReceipt).toBe('Cliente mostrou o comprovante');
    expect(ptBR.live.customerShowedReceiptAt).toBe(
      'Cliente mostrou o comprovante às {{time}} — aguardando confirmação',
    );
    expect(ptBR.live.offlineConfirmed).toBe('Venda offline confirmada: {{amount}}');
    expect(ptBR.status.OFFLINE).toBe('Aguardando confirmação');
    expect(ptBR.statusBar.offlineSales).toBe('Vendas offline');
    expect(ptBR.statusBar.offlineUnconfirmed_other).toBe('{{count}} offline não confirmadas · {{amount}}');
    expect(ptBR.statusBar.offlineReview_other).toBe('{{count}} para conferir');
    expect(ptBR.history.reviewTab).toBe('Conferir pagamentos offline ({{count}})');
    expect(ptBR.offlineReview.reasons).toEqual({
      AMBIGUOUS: 'Mais de uma venda ou Pix possível',
      UNDERPAID: 'Pago a menos',
      OVERPAID: 'Pago a mais',
      DOUBLE_PAID: 'Pago mais de uma vez',
      NO_PAYMENT: 'Nenhum pagamento no prazo',
      LATE: 'Pago depois do prazo',
      CANCELLED_PAID: 'Pago depois de cancelada',
    });
    expect(ptBR.offlineReview.decisions).toEqual({
      paid: 'Confirmar pagamento',
      unpaid: 'Marcar como não paga',
      acknowledged: 'Ciente: devolver por fora',
    });
  });

  it('no status text on the sale screen or the status bar reads as "pago" (the e2e tests wait for that word)', () => {
    const offlineSaleTexts = [
      ptBR.live.offlineSale,
      ptBR.live.awaitingConfirmation,
      ptBR.live.offlineScan,
      ptBR.live.offlineWindowOver,
      ptBR.live.customerShowedReceipt,
      ptBR.live.customerShowedReceiptAt,
      ptBR.sale.offlineHintOfflineQr,
      ptBR.sale.offlineHintUnavailable,
      ptBR.status.OFFLINE,
      ptBR.sale.lastSaleStatus.OFFLINE,
    ];
    const texts = [
      ...Object.values(ptBR.statusBar),
      ptBR.live.connecting,
      ptBR.live.qrComing,
      ptBR.live.pendingHint,
      ptBR.live.offlinePending,
      ptBR.live.offlineActive,
      ...offlineSaleTexts,
    ];
    for (const text of texts) expect(text).not.toMatch(/pago/i);
  });
});
