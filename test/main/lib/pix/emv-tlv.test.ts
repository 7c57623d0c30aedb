import { describe, expect, it } from 'vitest';
import {
  BrCodeError,
  encodeBrCodePayload,
  encodeTlv,
  hasValidCrc,
  parseBrCodePayload,
  parseTlv,
  type TlvField,
} from '#lib/pix/emv-tlv';
import {
  API_PIX_COBV_REC,
  BCB_COMPOSITE,
  BCB_DYNAMIC,
  BCB_SANDBOX_STATIC_REC,
  BCB_STATIC,
  body,
  PIX_UTILS_PHONE,
  referenceCrc,
  WOOVI_DYNAMIC,
  WOOVI_OAS_SUBSCRIPTION_EMV,
  WOOVI_SANDBOX,
  withCrc,
} from './fixtures';

const VALID = [
  BCB_STATIC,
  BCB_DYNAMIC,
  BCB_COMPOSITE,
  API_PIX_COBV_REC,
  PIX_UTILS_PHONE,
  WOOVI_DYNAMIC,
  WOOVI_SANDBOX,
  WOOVI_OAS_SUBSCRIPTION_EMV,
  BCB_SANDBOX_STATIC_REC,
];

describe('encodeTlv', () => {
  it('writes id, 2-digit decimal length and value, nesting templates', () => {
    const fields: TlvField[] = [
      { id: '00', value: '01' },
      {
        id: '26',
        value: [
          { id: '00', value: 'br.gov.bcb.pix' },
          { id: '01', value: 'a@b.co' },
        ],
      },
      { id: '62', value: [{ id: '05', value: '***' }] },
    ];
    expect(encodeTlv(fields)).toBe('000201' + '2628' + '0014br.gov.bcb.pix' + '0106a@b.co' + '62070503***');
  });

  it('rejects bad ids, empty or over-long values, non-ASCII and duplicates', () => {
    expect(() => encodeTlv([{ id: '5', value: 'x' }])).toThrow(BrCodeError);
    expect(() => encodeTlv([{ id: 'AB', value: 'x' }])).toThrow(/2 decimal digits/);
    expect(() => encodeTlv([{ id: '59', value: '' }])).toThrow(/outside 1\.\.99/);
    expect(() => encodeTlv([{ id: '59', value: 'x'.repeat(100) }])).toThrow(/100 is outside/);
    expect(encodeTlv([{ id: '59', value: 'x'.repeat(99) }])).toHaveLength(103);
    expect(() => encodeTlv([{ id: '59', value: 'JOSÉ' }])).toThrow(/U\+00C9 at position 3/);
    expect(() => encodeTlv([{ id: '26', value: [{ id: '01', value: 'x'.repeat(96) }] }])).toThrow(
      /tag 26: value length 100/,
    );
    expect(() =>
      encodeTlv([
        { id: '59', value: 'a' },
        { id: '59', value: 'b' },
      ]),
    ).toThrow(/appears twice/);
  });
});

describe('parseTlv', () => {
  it('round-trips every example payload exactly', () => {
    for (const payload of VALID) expect(encodeTlv(parseTlv(payload))).toBe(payload);
  });

  it('descends only into the Pix templates 26, 62 and 80', () => {
    const fields = parseTlv(BCB_COMPOSITE);
    expect(fields.map((f) => f.id)).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '80', '63']);
    expect(fields[1]!.value).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '01', value: '123e4567-e12b-12d1-a456-426655440000' },
    ]);
    expect(fields[9]!.value).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '25', value: 'pix.example.com/rec/2353c790eefb11eaadc10242ac120002' },
    ]);
    expect(parseTlv('2703abc')).toEqual([{ id: '27', value: 'abc' }]);
  });

  it('reports structural errors precisely', () => {
    expect(() => parseTlv('0002015900')).toThrow(/tag 59: length 00/);
    expect(() => parseTlv('0002010')).toThrow(/truncated: 1 trailing character\(s\) at position 6/);
    expect(() => parseTlv('0A0201')).toThrow(/expected a 2-digit tag id at position 0/);
    expect(() => parseTlv('00x201')).toThrow(/length "x2"/);
    expect(() => parseTlv('000501')).toThrow(/declares length 05 but only 2/);
    expect(() => parseTlv('000201000201')).toThrow(/tag 00 appears twice/);
    expect(() => parseTlv('2603001')).toThrow(/template 26 is truncated/);
    expect(() => parseTlv('5903Zé!')).toThrow(/outside printable ASCII/);
  });
});

describe('parseBrCodePayload', () => {
  it('accepts every CRC-valid example', () => {
    for (const payload of VALID) {
      expect(hasValidCrc(payload)).toBe(true);
      expect(parseBrCodePayload(payload).at(-1)).toEqual({ id: '63', value: payload.slice(-4) });
    }
  });

  it('rejects a wrong CRC and names both values', () => {
    const bad = `${BCB_STATIC.slice(0, -4)}1D3E`;
    expect(hasValidCrc(bad)).toBe(false);
    expect(() => parseBrCodePayload(bad)).toThrow(/declares 1D3E but its content checksums to 1D3D/);
  });

  it('rejects a lowercase CRC', () => {
    expect(() => parseBrCodePayload(BCB_STATIC.replace(/1D3D$/, '1d3d'))).toThrow(/4 uppercase hexadecimal/);
  });

  it('rejects truncated payloads at every length', () => {
    for (let n = 0; n < BCB_STATIC.length; n++) {
      expect(() => parseBrCodePayload(BCB_STATIC.slice(0, n)), `length ${n}`).toThrow(BrCodeError);
    }
  });

  it('requires 00=01 first and 63 last, even with a correct CRC', () => {
    const rest = body(BCB_STATIC).slice(6);
    expect(() => parseBrCodePayload(withCrc('000202' + rest))).toThrow(/must be "01"/);
    expect(() => parseBrCodePayload(withCrc(rest + '000201'))).toThrow(/first field must be 00/);
    // "6304XXXX" at the end of the merchant name: the tail looks like a valid CRC field,
    // but the TLV boundaries show that it belongs to tag 59.
    const prefix = '000201' + '5914' + 'Fulano6304';
    const trick = prefix + referenceCrc(prefix);
    expect(hasValidCrc(trick)).toBe(true);
    expect(() => parseBrCodePayload(trick)).toThrow(/last field must be 63/);
  });

  it('rejects non-ASCII, control characters, whitespace padding and over-long payloads', () => {
    expect(() => parseBrCodePayload(withCrc(body(BCB_STATIC).replace('Fulano de Tal', 'Fulano de Tál')))).toThrow(
      /U\+00E1/,
    );
    expect(() => parseBrCodePayload(`${BCB_STATIC}\n`)).toThrow(/U\+000A/);
    expect(() => parseBrCodePayload(` ${BCB_STATIC}`)).toThrow(BrCodeError);
    expect(() => parseBrCodePayload('')).toThrow(/empty/);
    const long = withCrc(
      '000201' +
        '2799' +
        'x'.repeat(99) +
        '2899' +
        'x'.repeat(99) +
        '2999' +
        'x'.repeat(99) +
        '3099' +
        'x'.repeat(99) +
        '3199' +
        'x'.repeat(99),
    );
    expect(() => parseBrCodePayload(long)).toThrow(/at most 512/);
  });
});

describe('encodeBrCodePayload', () => {
  it('appends 6304 and the CRC, reproducing the BCB static example', () => {
    const fields = parseTlv(body(BCB_STATIC));
    expect(encodeBrCodePayload(fields)).toBe(BCB_STATIC);
  });

  it('insists on 00=01 first and computes 63 itself', () => {
    expect(() => encodeBrCodePayload([{ id: '59', value: 'x' }])).toThrow(/first field must be 00/);
    expect(() => encodeBrCodePayload([{ id: '00', value: '02' }])).toThrow(/first field must be 00/);
    expect(() =>
      encodeBrCodePayload([
        { id: '00', value: '01' },
        { id: '63', value: 'ABCD' },
      ]),
    ).toThrow(/computed here/);
  });
});
