import type { Db } from '#lib/store/database';
import {
  accountRegisterRepo,
  representativesOf,
  type AccountRegisterRow,
  type AccountRegisterStatus,
} from './account-register-repo';
import { CONTROL_CHARACTERS, MAX_NAME_LENGTH } from './kyc-input';
import { KYC_REVIEW_MS } from './kyc-review';

// The onboarding page's side of a register (served by src/main/service/http/kyc-onboarding-page.ts): what
// the merchant sees, found by the link's token only, and the submission of the confirmed data.
// The token is the only key: the form carries names, never an id, so no submission can reach
// another register.

/** A link token: 32 random bytes in base64url. Anything else is answered as unknown without a query. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface KycOnboardingView {
  status: AccountRegisterStatus;
  officialName: string;
  tradeName: string;
  /** The CNPJ, canonical (the page formats it). */
  taxID: string;
  representatives: { name: string; taxID: string }[];
  redirectUrl: string | null;
}

/** What the merchant typed: every field as it came, checked by `submitKycOnboarding`. */
export interface KycOnboardingForm {
  officialName: unknown;
  tradeName: unknown;
  representativeNames: unknown[];
}

/** Per field, the reason (pt-BR) a submission was refused. */
export interface KycFormErrors {
  form?: string;
  officialName?: string;
  tradeName?: string;
  representatives: (string | undefined)[];
}

export type KycSubmitResult =
  | { outcome: 'not-found' }
  /** Nothing written; `values` is what the merchant typed, to show again beside the errors. */
  | { outcome: 'invalid'; view: KycOnboardingView; values: KycOnboardingView; errors: KycFormErrors }
  /** PENDING → SUBMITTED now. */
  | { outcome: 'submitted'; view: KycOnboardingView }
  /** Already past PENDING (a second click, a reload): nothing changes. */
  | { outcome: 'already-sent'; view: KycOnboardingView };

function viewOf(row: AccountRegisterRow): KycOnboardingView {
  return {
    status: row.status,
    officialName: row.official_name,
    tradeName: row.trade_name,
    taxID: row.tax_id,
    representatives: representativesOf(row),
    redirectUrl: row.redirect_url,
  };
}

function findLive(db: Db, token: string): AccountRegisterRow | undefined {
  return LINK_TOKEN.test(token) ? accountRegisterRepo(db).findByToken(token) : undefined;
}

/** The page of a link, or null for an unknown token or a deleted register. */
export function kycOnboardingView(db: Db, token: string): KycOnboardingView | null {
  const row = findLive(db, token);
  return row ? viewOf(row) : null;
}

/** A typed name: trimmed; the reason it is refused, if it is. */
function checkName(value: unknown, required: string | null): { value: string; error?: string } {
  if (typeof value !== 'string') return { value: '', error: 'Campo inválido.' };
  const text = value.trim();
  if (text === '' && required) return { value: text, error: required };
  if (text.length > MAX_NAME_LENGTH) return { value: text, error: `Use no máximo ${MAX_NAME_LENGTH} caracteres.` };
  if (CONTROL_CHARACTERS.test(text)) return { value: text, error: 'Remova os caracteres especiais.' };
  return { value: text };
}

/**
 * The merchant's submission: its corrections of the names are checked (razão social and every
 * representative's name required, nome fantasia optional) and, when all are valid and the
 * register is still PENDING, stored with status SUBMITTED and the sandbox's review scheduled
 * (kyc-review.ts). Runs inside the single writer; writes nothing unless it submits.
 */
export function submitKycOnboarding(db: Db, token: string, form: KycOnboardingForm, now: Date): KycSubmitResult {
  const row = findLive(db, token);
  if (!row) return { outcome: 'not-found' };
  const view = viewOf(row);
  if (row.status !== 'PENDING') return { outcome: 'already-sent', view };
  const officialName = checkName(form.officialName, 'Informe a razão social.');
  const tradeName = checkName(form.tradeName, null);
  const names = view.representatives.map((_, i) =>
    checkName(form.representativeNames[i], 'Informe o nome do representante.'),
  );
  const errors: KycFormErrors = {
    officialName: officialName.error,
    tradeName: tradeName.error,
    representatives: names.map((n) => n.error),
    // The page sends one name per representative; a different count is not this page's form.
    form:
      form.representativeNames.length !== view.representatives.length
        ? 'O formulário não corresponde a este cadastro. Recarregue a página.'
        : undefined,
  };
  const values: KycOnboardingView = {
    ...view,
    officialName: officialName.value,
    tradeName: tradeName.value,
    representatives: view.representatives.map((r, i) => ({ taxID: r.taxID, name: names[i]!.value })),
  };
  if (errors.form || errors.officialName || errors.tradeName || errors.representatives.some(Boolean)) {
    return { outcome: 'invalid', view, values, errors };
  }
  const at = now.toISOString();
  const reviewDueAt = new Date(now.getTime() + KYC_REVIEW_MS).toISOString();
  const data = {
    officialName: values.officialName,
    tradeName: values.tradeName,
    representatives: JSON.stringify(values.representatives),
  };
  if (!accountRegisterRepo(db).submit(row.id, data, at, reviewDueAt)) return { outcome: 'already-sent', view };
  return { outcome: 'submitted', view: { ...values, status: 'SUBMITTED' } };
}
