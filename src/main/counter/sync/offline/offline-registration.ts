// Registers an offline sale at the service as a static QR code: its correlationID is the sale's,
// its identifier the sale's txid (so the service links the Pix that carry it from then on), its
// value the sale's. The sender delivers it (command-delivery.ts), looking it up by correlationID
// before sending it again.
//
// The QR code's name ("uso interno" in the API) says what it stands for, in a form other counters
// of the same account read back: `Balcão offline <txid> <createdAt> <windowEnd>`. A counter that
// matches a Pix without txid by its value must know every offline sale of the account that the
// Pix could be for, its neighbours' too, or it could take their customer's money for its own sale.
// Only documented fields are read back (name, value, correlationID, createdAt): the identifier is
// not in the document's PixQrCode, so the txid is read from the name.
import type { ContractPixQrCode } from '../remote/service-contract';

const NAME_PREFIX = 'Balcão offline';
const NAME_SHAPE = /^Balcão offline ([A-Za-z0-9]{1,25}) (\S+Z) (\S+Z)$/;

export interface RegisteredOfflineSale {
  txid: string;
  correlationID: string;
  value: number;
  createdAt: string;
  windowEnd: string;
}

export function registrationName(txid: string, createdAt: string, windowEnd: string): string {
  return `${NAME_PREFIX} ${txid} ${createdAt} ${windowEnd}`;
}

/** An offline sale of any counter of the account, from its registration; null for other QR codes. */
export function registeredOfflineSale(qr: ContractPixQrCode): RegisteredOfflineSale | null {
  const match = NAME_SHAPE.exec(qr.name);
  const value = qr.value ?? null;
  if (!match || value === null || !(value > 0)) return null;
  const [txid, createdAt, windowEnd] = [match[1]!, match[2]!, match[3]!];
  if (Number.isNaN(Date.parse(createdAt)) || Number.isNaN(Date.parse(windowEnd))) return null;
  return { txid, correlationID: qr.correlationID, value, createdAt, windowEnd };
}

/** The txid in an offline sale's registration name, or undefined for any other QR code. */
export function registeredTxid(name: string | undefined): string | undefined {
  return name === undefined ? undefined : NAME_SHAPE.exec(name)?.[1];
}
