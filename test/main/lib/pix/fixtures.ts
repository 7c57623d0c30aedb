// Test vectors copied verbatim from /work/shared/reference (pix-domain.md §1.4, §2.1, §6.1 and
// remote-api-notes.md §9.1) plus two CRC-valid codes found in woovi-openapi.json examples.
// Independent reference implementations (bitwise CRC, check digits straight from the
// documented weights) live here so tests do not check the code against itself.

export const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
export const BCB_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';
export const BCB_COMPOSITE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406100.505802BR5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac12000263042875';
export const API_PIX_COBV_REC =
  '00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/1e6c54d3ec9449b7a7fc53b6b0f998e75204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/3ffa640fa4f14080adccb949fa2dc0d06304A441';
export const PIX_UTILS_PHONE =
  '00020126500014br.gov.bcb.pix0114+55119876543210210Pedido 123520400005303986540512.505802BR5916PADARIA SAO JOAO6009SAO PAULO62200516PDV01VENDA00012363048332';

export const WOOVI_DYNAMIC =
  '00020101021226870014br.gov.bcb.pix2565qr-h.woovi.digital/qr/v2/cob/9fb5f17d-d687-4337-88cd-2abd98f9d43b52040000530398654043.505802BR5917Teste_Description6009Sao_Paulo622905250514087053ef4559a0c942bd06304A66C';
export const WOOVI_SANDBOX =
  '00020101021226980014br.gov.bcb.pix2576api.woovi-sandbox.com/api/testaccount/qr/v1/d983a07836cf48ed9a65764d3c18427352040000530398654040.015802BR5921Lucas_Aprigio_Sandbox6009Sao_Paulo62290525d983a07836cf48ed9a65764d363046759';
/** remote-api-notes §9.1 static example: the key was elided as "{pix key uuid}", so it is NOT decodable. */
export const WOOVI_STATIC_TEMPLATE =
  '00020126580014br.gov.bcb.pix0136{pix key uuid}52040000530398654041.005802BR5915Call_me_Awesome6009Sao_Paulo622905259134e2866f71427abf001000063047029';
/** Deliberately invalid legacy code from the Woovi OAS/SDK examples. */
export const WOOVI_LEGACY_INVALID =
  '000201010212261060014br.gov.bcb.pix2584https://api.woovi.com/openpix/testing?transactionID=867ba5173c734202ac659721306b38c952040000530398654040.015802BR5909LOCALHOST6009Sao Paulo62360532867ba5173c734202ac659721306b38c963044BCA';

// From woovi-openapi.json examples (CRCs recomputed independently).
export const WOOVI_OAS_SUBSCRIPTION_EMV =
  '00020101021226870014br.gov.bcb.pix2565qr-h.woovi.digital/qr/v2/cob/faabf55e-8000-40e2-80d8-9651749a6abb5204000053039865802BR5911Pedro Woovi6007VITORIA62070503***80870014br.gov.bcb.pix2565qr-h.woovi.digital/qr/v2/rec/fb59c6eb-fb99-4ff6-8f4c-17e2cd042c346304FE57';
export const BCB_SANDBOX_STATIC_REC =
  '00020126780014br.gov.bcb.pix0136f4c6089a-bfde-4c00-a2d9-9eaa584b02190216CobrancaEstatica5204000053039865406546.285802BR5903Pix6008BRASILIA6229052584767c56c2ab4e65b6670de2a80950014br.gov.bcb.pix2573qr-h.sandbox.pix.bcb.gov.br/rest/api/rec/4b62d4a088fe4f51bcb4c64cf078869163044486';

/** Bit-by-bit CRC-16/CCITT-FALSE over char codes (ASCII input only), independent of the table version. */
export function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Appends "6304" and a correct CRC, to build deliberately wrong payloads that still pass the CRC. */
export function withCrc(bodyWithoutCrcField: string): string {
  const body = `${bodyWithoutCrcField}6304`;
  return body + referenceCrc(body);
}

/** Strips "6304XXXX" from a payload. */
export function body(payload: string): string {
  return payload.slice(0, -8);
}

/** CPF check digits from pix-domain.md §2: weights 10..2 then 11..2, r = Σ·10 mod 11, 10 → 0. */
export function referenceCpfCheckDigits(nine: string): string {
  const dv = (digits: string): number => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(nine);
  const d2 = dv(nine + d1);
  return `${d1}${d2}`;
}

/** Alphanumeric CNPJ check digits from pix-domain.md §2.1: value = charCode − 48, fixed weight lists. */
export function referenceCnpjCheckDigits(twelve: string): string {
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const dv = (chars: string, weights: number[]): number => {
    let sum = 0;
    for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(twelve, w1);
  const d2 = dv(twelve + d1, w2);
  return `${d1}${d2}`;
}

/** Brazilian area codes in use (Anatel), for generating valid mobile numbers. */
export const VALID_DDDS = [
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
];
