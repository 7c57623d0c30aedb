// `npm run serve -- --db PATH app create [options]`: adds an application to a sandbox database and
// prints its AppID, then exits. For tests and integrators who need callers with fewer scopes, with
// company features, or bound to an IP allowlist, next to the sandbox's own application (which
// keeps every scope). It can run while `npm run serve` serves the same database: a new AppID is
// read from the database on its first request.
//
//   --scopes CHARGE_GET,CHARGE_POST   the scopes it holds (default: every scope, those added later included)
//   --features MED_API,PARTNER        features of the new company (only with a new company)
//   --allow-ip 127.0.0.1 --allow-ip 10.0.0.0/8   its IP allowlist (repeatable or comma-separated; default: any address)
//   --company new|<companyId>         a new company (default) or an existing one, by its id
//   --name NAME                       the application's (and a new company's) name
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { canonicalAllowedAddress } from '#lib/address-allowlist/address-allowlist';
import { systemClock } from '#lib/clock';
import { FEATURES, isFeature } from '../engine/applications/features';
import { ALL_SCOPES } from '../engine/operations';
import { createSandboxCompany, findSandboxAppId } from '../engine/tenancy/sandbox-bootstrap';
import { insertApplication } from '../engine/tenancy/tenancy-writes';
import type { CompanyRow, BankAccountRow } from '../engine/tenancy/tenancy-rows';
import { type Db } from '#lib/store/database';
import { openServiceDatabase } from '../engine/migrations';

const COMMAND_OPTIONS = {
  db: { type: 'string' },
  scopes: { type: 'string' },
  features: { type: 'string' },
  'allow-ip': { type: 'string', multiple: true },
  company: { type: 'string', default: 'new' },
  name: { type: 'string' },
} as const;

/** The options of `npm run serve` itself, so their values are not taken for the command's words. */
const SERVE_OPTIONS = {
  port: { type: 'string' },
  'app-id': { type: 'string' },
  log: { type: 'boolean' },
  'manual-clock': { type: 'boolean' },
  'webhook-timeout': { type: 'string' },
} as const;

export interface AppCommandResult {
  appId: string;
  clientId: string;
  companyId: string;
  accountId: string;
  /** Null: every scope. */
  scopes: readonly string[] | null;
  features: readonly string[];
  /** Null: any address. */
  allowedIps: readonly string[] | null;
}

/** True when the arguments name the `app` command (`… app create …`) rather than serving. */
export function isAppCommand(args: readonly string[]): boolean {
  const { positionals } = parseArgs({
    args: [...args],
    options: { ...SERVE_OPTIONS, ...COMMAND_OPTIONS },
    allowPositionals: true,
    strict: false,
  });
  return positionals.includes('app');
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Checks the arguments and creates the application (and its company, for `--company new`) in the
 * database at `dbPath` or `--db`. Throws an Error with a message for the user on bad arguments.
 */
export function createApplicationFromArgs(args: readonly string[], defaultDbPath: string): AppCommandResult {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: COMMAND_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 2 || positionals[0] !== 'app' || positionals[1] !== 'create') {
    throw new Error(
      'usage: npm run serve -- --db PATH app create [--scopes A,B] [--features F,G] [--allow-ip IP|CIDR] [--company new|<companyId>] [--name NAME]',
    );
  }
  const scopes = list(values.scopes);
  if (scopes !== undefined) {
    if (scopes.length === 0) throw new Error('--scopes must list at least one scope (omit it for every scope)');
    const unknown = scopes.filter((scope) => !(ALL_SCOPES as readonly string[]).includes(scope));
    if (unknown.length > 0) throw new Error(`Invalid scopes: ${unknown.join(', ')}`);
  }
  const features = list(values.features) ?? [];
  const unknownFeatures = features.filter((feature) => !isFeature(feature));
  if (unknownFeatures.length > 0)
    throw new Error(`Unknown features: ${unknownFeatures.join(', ')} (known: ${FEATURES.join(', ')})`);
  const ipEntries = (values['allow-ip'] ?? []).flatMap((value) => list(value) ?? []);
  const allowedIps = ipEntries.map((entry) => {
    const canonical = canonicalAllowedAddress(entry);
    if (canonical === null) throw new Error(`--allow-ip: "${entry}" is not an IP address or CIDR block`);
    return canonical;
  });
  const companyChoice = values.company;
  // Features belong to the company: changing an existing one's here would leave a running
  // server's cached tenants behind, so they are only given to a company made now.
  if (companyChoice !== 'new' && features.length > 0)
    throw new Error('--features applies only to a new company (--company new)');

  const dbPath = values.db ?? defaultDbPath;
  if (dbPath === ':memory:')
    throw new Error('--db must be a file: an in-memory database would vanish when the command exits');
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = openServiceDatabase(dbPath);
  try {
    // One IMMEDIATE transaction: two commands run at once cannot both make the sandbox company.
    return db
      .transaction(() => createIn(db, { name: values.name, companyChoice, scopes, features, allowedIps }))
      .immediate();
  } finally {
    db.close();
  }
}

interface CreateChoices {
  name: string | undefined;
  companyChoice: string;
  scopes: string[] | undefined;
  features: string[];
  allowedIps: string[];
}

function createIn(
  db: Db,
  { name: chosenName, companyChoice, scopes, features, allowedIps }: CreateChoices,
): AppCommandResult {
  const now = systemClock.now();
  // The sandbox's own company comes first, as `npm run serve` would make it: otherwise the
  // restricted company made here would be taken for the sandbox's at the next start.
  if (findSandboxAppId(db) === null) createSandboxCompany(db, now);
  const name = chosenName?.trim() || 'CLI';
  if (companyChoice === 'new') {
    const created = createSandboxCompany(db, now, {
      officialName: name,
      tradeName: name,
      features,
      scopes,
      allowedIps: allowedIps.length > 0 ? allowedIps : undefined,
    });
    const clientId = db
      .prepare<[string], { client_id: string }>('SELECT client_id FROM applications WHERE id = ?')
      .get(created.applicationId)!.client_id;
    return {
      appId: created.appId,
      clientId,
      companyId: created.companyId,
      accountId: created.accountId,
      scopes: scopes ?? null,
      features,
      allowedIps: allowedIps.length > 0 ? allowedIps : null,
    };
  }
  const company = db.prepare<[string], CompanyRow>('SELECT * FROM companies WHERE id = ?').get(companyChoice);
  if (!company) throw new Error(`--company: no company with id ${companyChoice}`);
  const account = db
    .prepare<[string], BankAccountRow>(
      'SELECT * FROM bank_accounts WHERE company_id = ? AND closed_at IS NULL ORDER BY is_default DESC, created_at, id LIMIT 1',
    )
    .get(company.id);
  if (!account) throw new Error(`--company: company ${company.id} has no open account`);
  const inserted = insertApplication(db, now.toISOString(), {
    companyId: company.id,
    accountId: account.id,
    name,
    type: 'API',
    scopes: scopes ?? ALL_SCOPES,
    everyScope: scopes === undefined,
    allowedIps: allowedIps.length > 0 ? allowedIps : null,
    isMaster: false,
  });
  return {
    appId: inserted.appId,
    clientId: inserted.clientId,
    companyId: company.id,
    accountId: account.id,
    scopes: scopes ?? null,
    features: JSON.parse(company.features) as string[],
    allowedIps: allowedIps.length > 0 ? allowedIps : null,
  };
}

/** Runs the command and prints what a test or a person needs, one `Key: value` per line. */
export function runAppCommand(args: readonly string[], defaultDbPath: string): void {
  const result = createApplicationFromArgs(args, defaultDbPath);
  console.log(`AppID: ${result.appId}`);
  console.log(`ClientId: ${result.clientId}`);
  console.log(`Company: ${result.companyId}`);
  console.log(`Account: ${result.accountId}`);
  console.log(`Scopes: ${result.scopes === null ? 'every scope' : result.scopes.join(',')}`);
  console.log(`Features: ${result.features.length === 0 ? 'none' : result.features.join(',')}`);
  console.log(`Allowed IPs: ${result.allowedIps === null ? 'any' : result.allowedIps.join(',')}`);
}
