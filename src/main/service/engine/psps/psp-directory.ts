// The directory of Brazilian payment institutions behind GET /api/v1/psp?ispb&name&compe, and the
// bank names of boleto validation (boleto-barcode.ts). Records have the remote API's shape
// (remote-api-notes §6.3): `{ name: "BCO DO BRASIL S.A.", ispb: "00000000", code: "00000000",
// compe: "001" }`, where `code` repeats the ISPB and `name` is the short name ("Nome reduzido").
//
// The data is the npm package `bancos-brasileiros` (guibranco/BancosBrasileiros), not a list typed
// here. Its README says it is updated daily from official sources by the project's MergeTool; the
// short and long names are "as registered with BACEN/STR", and `PixType` is the SPI (Pix)
// participation (DRCT = direct, IDRT = indirect, null = none). In 6.3.38 (2026-09) every one of
// its 513 entries has an 8-digit ISPB and a 3-digit COMPE, both unique. `ShortName` is the very
// text the remote API returns as a PSP's name ("BCO DO BRASIL S.A.").
// @brazilian-utils/brazilian-utils (already a dependency) also has a bank list (getBanks) but only
// with the long name and fewer institutions (463 against 513 in the versions checked, every one of
// them present here with the same ISPB and COMPE: the unit test checks that).
// Caveats: the package's package.json says "UNLICENSED" while the project's other manifests
// (composer.json) say MIT; and Pix participants without a COMPE code are not in it, which is why
// `compe` stays typed `string | null`. Updating the directory = `npm update bancos-brasileiros`.
//
// Lookups:
// * `ispb` and `compe` are identifiers, matched exactly: a shorter numeric text is left-padded
//   with zeros first ("1" and "01" → "001"; "360305" → "00360305"), since codes are often written
//   without their leading zeros. Anything else than 1–8 (ISPB) or 1–3 (COMPE) digits matches
//   nothing (`validatePspFilter` says why, for a 400). A prefix search on codes would mostly
//   answer noise (every ISPB starting with 0), so there is none.
// * `name` is a substring search that ignores case, accents and repeated spaces, on the short
//   name and on the long name both ("banco do brasil" finds "BCO DO BRASIL S.A.", whose long name
//   is "Banco do Brasil S.A."; "itau" finds "ITAÚ UNIBANCO S.A.").
// * Filters combine with AND; an absent or empty filter does not filter. Results are sorted by
//   ISPB and are fresh objects.

import { createRequire } from 'node:module';

// Read with require rather than `import … with { type: 'json' }`: the Electron main build keeps
// every dependency external and drops the import attribute on the way (rollup's output has a bare
// `import bancos from "bancos-brasileiros/bancos.json"`), which Node then refuses at run time
// (ERR_IMPORT_ATTRIBUTE_MISSING). A require of a JSON file works the same under vitest, tsx and the
// built main process; its fields are checked one by one below, so the `unknown` is not trusted.
const bancos: unknown = createRequire(import.meta.url)('bancos-brasileiros/bancos.json');

/** One payment institution as GET /api/v1/psp returns it. */
export interface Psp {
  /** Short name, as the Banco Central publishes it ("BCO DO BRASIL S.A."). */
  name: string;
  /** ISPB, 8 digits. */
  ispb: string;
  /** The same as `ispb` (the remote API repeats it). */
  code: string;
  /** COMPE code, 3 digits, or null for an institution without one. */
  compe: string | null;
}

export interface PspFilter {
  ispb?: string | number | null;
  name?: string | null;
  compe?: string | number | null;
}

/** The package's fields that are read here. */
interface RawBank {
  COMPE?: unknown;
  ISPB?: unknown;
  ShortName?: unknown;
  LongName?: unknown;
  PixType?: unknown;
}

interface Entry {
  psp: Psp;
  /** Normalised short and long names, for the name search. */
  search: string[];
  pixParticipation: 'direct' | 'indirect' | null;
}

const ENTRIES: readonly Entry[] = buildEntries(Array.isArray(bancos) ? (bancos as readonly RawBank[]) : []);
const BY_ISPB = new Map(ENTRIES.map((entry) => [entry.psp.ispb, entry]));
const BY_COMPE = new Map(
  ENTRIES.filter((entry) => entry.psp.compe !== null).map((entry) => [entry.psp.compe as string, entry]),
);

/** The institutions matching every given filter (see the file header), sorted by ISPB. */
export function findPsps(filter: PspFilter = {}): Psp[] {
  const ispb = present(filter.ispb);
  const compe = present(filter.compe);
  const name = present(filter.name);
  let entries: readonly Entry[] = ENTRIES;
  if (ispb !== null) {
    const entry = BY_ISPB.get(normaliseCode(ispb, 8) ?? '');
    entries = entry ? [entry] : [];
  }
  if (compe !== null) {
    const wanted = normaliseCode(compe, 3);
    entries = entries.filter((entry) => wanted !== null && entry.psp.compe === wanted);
  }
  if (name !== null) {
    const wanted = normaliseName(name);
    entries = entries.filter((entry) => entry.search.some((text) => text.includes(wanted)));
  }
  return entries.map((entry) => ({ ...entry.psp }));
}

/**
 * Why a filter can match nothing by its form, or null when it is well-formed: the remote API
 * answers such a query with 400 "Invalid query parameters".
 */
export function validatePspFilter(filter: PspFilter): string | null {
  const ispb = present(filter.ispb);
  if (ispb !== null && normaliseCode(ispb, 8) === null) return 'ispb must have 1 to 8 digits';
  const compe = present(filter.compe);
  if (compe !== null && normaliseCode(compe, 3) === null) return 'compe must have 1 to 3 digits';
  return null;
}

/** The institution with this COMPE code ("001", "1" or 1), or null. */
export function bankByCompe(compe: string | number): Psp | null {
  const entry = BY_COMPE.get(normaliseCode(String(compe), 3) ?? '');
  return entry ? { ...entry.psp } : null;
}

/** The institution with this ISPB ("00000000", "0" or 0), or null. */
export function pspByIspb(ispb: string | number): Psp | null {
  const entry = BY_ISPB.get(normaliseCode(String(ispb), 8) ?? '');
  return entry ? { ...entry.psp } : null;
}

/** How the institution takes part in Pix (the SPI list): directly, through another one, or not at all. */
export function pixParticipation(ispb: string | number): 'direct' | 'indirect' | null {
  return BY_ISPB.get(normaliseCode(String(ispb), 8) ?? '')?.pixParticipation ?? null;
}

/** Every institution in the directory, sorted by ISPB. */
export function allPsps(): Psp[] {
  return ENTRIES.map((entry) => ({ ...entry.psp }));
}

function buildEntries(raw: readonly RawBank[]): Entry[] {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const bank of raw) {
    const ispb = typeof bank.ISPB === 'string' && /^\d{8}$/.test(bank.ISPB) ? bank.ISPB : null;
    const name = typeof bank.ShortName === 'string' ? cleanName(bank.ShortName) : '';
    // An entry without an ISPB or a name cannot be a record; a repeated ISPB keeps the first.
    if (ispb === null || name === '' || seen.has(ispb)) continue;
    seen.add(ispb);
    const compe = typeof bank.COMPE === 'string' && /^\d{3}$/.test(bank.COMPE) ? bank.COMPE : null;
    const longName = typeof bank.LongName === 'string' ? cleanName(bank.LongName) : '';
    entries.push({
      psp: { name, ispb, code: ispb, compe },
      search: [normaliseName(name), normaliseName(longName)].filter((text) => text !== ''),
      pixParticipation: bank.PixType === 'DRCT' ? 'direct' : bank.PixType === 'IDRT' ? 'indirect' : null,
    });
  }
  return entries.sort((a, b) => (a.psp.ispb < b.psp.ispb ? -1 : a.psp.ispb > b.psp.ispb ? 1 : 0));
}

/** A filter value, or null when absent or blank. */
function present(value: string | number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** A numeric code left-padded to `width`, or null when it is not 1 to `width` digits. */
function normaliseCode(text: string, width: number): string | null {
  const trimmed = text.trim();
  return trimmed.length >= 1 && trimmed.length <= width && /^\d+$/.test(trimmed) ? trimmed.padStart(width, '0') : null;
}

function cleanName(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Lower case, no accents (NFD, combining marks removed), single spaces. */
function normaliseName(text: string): string {
  return cleanName(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
}
