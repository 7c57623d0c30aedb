// CRC-16/CCITT-FALSE, the checksum that closes every BR Code (EMV tag 63).
//
// Why this exact variant: the BCB Pix manual (MPIP) and EMV QRCPS-MPM use poly 0x1021,
// init 0xFFFF, no input/output reflection, xorout 0. The well-known check value for
// "123456789" is 0x29B1. Other "CRC-16" flavours (XMODEM init 0, KERMIT reflected) give
// different results, and a payer's bank rejects a code whose CRC does not match.

const POLY = 0x1021;

// A 256-entry table: BR Codes are short, but the POS may checksum many of them while
// rendering, and the table costs nothing to build once.
const TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ POLY) & 0xffff : (crc << 1) & 0xffff;
    }
    table[byte] = crc;
  }
  return table;
})();

const utf8 = new TextEncoder();

/**
 * CRC-16/CCITT-FALSE of `data` as a number (0..0xFFFF).
 * Strings are checksummed as UTF-8 bytes, which for the printable-ASCII BR Code payloads
 * is the same as their character codes.
 */
export function crc16CcittFalse(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? utf8.encode(data) : data;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!;
  }
  return crc;
}

/** The CRC rendered as BR Codes need it: exactly 4 uppercase hex digits ("29B1", "0A3F"). */
export function crc16Hex(data: string | Uint8Array): string {
  return crc16CcittFalse(data).toString(16).toUpperCase().padStart(4, '0');
}
