import { describe, expect, it } from 'vitest';
import en from '../../../src/renderer/src/i18n/en.json';
import ptBR from '../../../src/renderer/src/i18n/pt-BR.json';

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
});
