// Configurações › Operadores. On a fresh counter: the first manager (name, PIN twice), no approval
// needed; from then on the list of operators, a new operator (caixa or gerente) and disabling one,
// each with a manager's PIN. Its own form, outside the settings form: Enter here never saves settings.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole, RegisterState } from '#shared/counter/counter-api';
import { errorMessage, counterApi } from '../../app/counter-api';
import { formatTime } from '../../lib/date-time';
import {
  OPERATOR_NAME_MAX,
  operatorFormProblem,
  pinInput,
  type OperatorDraft,
  type OperatorFormProblem,
} from '../../lib/register-view';
import { ApprovalCancelled, askManager } from './manager-approval-store';
import { useRegister } from './register-store';
import './register.css';

export function OperatorsSection() {
  const { t, i18n } = useTranslation();
  const register = useRegister((state) => state.register);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void useRegister
      .getState()
      .load()
      .catch((error) => setMessage({ tone: 'error', text: errorMessage(error) }));
  }, []);

  const disable = async (operatorId: string, name: string) => {
    setMessage(null);
    try {
      const state = await askManager('disableOperator', (manager) =>
        counterApi().disableOperator({ operatorId, manager }),
      );
      useRegister.getState().apply(state);
      setMessage({ tone: 'info', text: t('register.operators.disabled', { name }) });
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setMessage({ tone: 'error', text: errorMessage(error) });
    }
  };

  return (
    <section className="card operators" aria-labelledby="operators-title" data-testid="settings-operators">
      <h2 id="operators-title" className="operators-title">
        {t('register.operators.title')}
      </h2>
      {!register ? (
        <p role="status">{t('app.loading')}</p>
      ) : !register.setUp ? (
        <>
          <p className="field-hint">{t('register.operators.firstHint')}</p>
          <OperatorForm register={register} first onDone={(text) => setMessage({ tone: 'info', text })} />
        </>
      ) : (
        <>
          <ul className="operator-list">
            {register.operators.map((operator) => (
              <li key={operator.id} className="operator-row">
                <span className="operator-name">{operator.name}</span>
                <span className="operator-role">{t(`register.roles.${operator.role}`)}</span>
                {operator.lockedUntil && (
                  <span className="operator-locked">
                    {t('register.operators.lockedUntil', { time: formatTime(operator.lockedUntil, i18n.language) })}
                  </span>
                )}
                <button
                  type="button"
                  className="button button--quiet button--small"
                  onClick={() => void disable(operator.id, operator.name)}
                  aria-label={t('register.operators.disableNamed', { name: operator.name })}
                >
                  {t('register.operators.disable')}
                </button>
              </li>
            ))}
          </ul>
          <OperatorForm register={register} first={false} onDone={(text) => setMessage({ tone: 'info', text })} />
        </>
      )}
      <p className={message?.tone === 'error' ? 'banner banner--error' : 'field-hint'} role="status">
        {message?.text ?? ''}
      </p>
    </section>
  );
}

/** The typed fields of a new operator, in the order they are read (and their problems found). */
const OPERATOR_FIELDS: readonly OperatorFieldSpec[] = [
  { key: 'name', id: 'operator-name', problems: ['nameRequired', 'nameTaken'] },
  { key: 'pin', id: 'operator-pin', problems: ['pinFormat'], secret: true },
  { key: 'pinAgain', id: 'operator-pin-again', problems: ['pinMismatch'], secret: true },
];

interface OperatorFieldSpec {
  /** Also names its label: `register.operators.<key>`. */
  key: keyof OperatorDraft;
  id: string;
  problems: readonly OperatorFormProblem[];
  /** A PIN: masked, digits only, at most 8. */
  secret?: boolean;
}

const EMPTY_DRAFT: OperatorDraft = { name: '', pin: '', pinAgain: '' };
const PROBLEM_ID = 'operator-form-problem';

function OperatorForm({
  register,
  first,
  onDone,
}: {
  register: RegisterState;
  first: boolean;
  onDone(text: string): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OperatorDraft>(EMPTY_DRAFT);
  const [role, setRole] = useState<OperatorRole>(first ? 'MANAGER' : 'CASHIER');
  const [problem, setProblem] = useState<OperatorFormProblem | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = operatorFormProblem(
      draft,
      register.operators.map((operator) => operator.name),
    );
    setProblem(found);
    setApiError(null);
    if (found) {
      const field = OPERATOR_FIELDS.find((spec) => spec.problems.includes(found));
      if (field) document.getElementById(field.id)?.focus();
      return;
    }
    setSending(true);
    const input = { name: draft.name.trim(), role: first ? ('MANAGER' as const) : role, pin: draft.pin };
    try {
      const state = first
        ? await counterApi().createOperator(input)
        : await askManager('createOperator', (manager) => counterApi().createOperator({ ...input, manager }));
      useRegister.getState().apply(state);
      onDone(t('register.operators.created', { name: input.name }));
      setDraft(EMPTY_DRAFT);
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setApiError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const field = (spec: OperatorFieldSpec) => (
    <OperatorField
      key={spec.key}
      spec={spec}
      value={draft[spec.key]}
      invalid={problem !== null && spec.problems.includes(problem)}
      onChange={(value) => setDraft((current) => ({ ...current, [spec.key]: value }))}
    />
  );

  return (
    <form
      className="operator-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="operator-form-title"
    >
      <h3 id="operator-form-title" className="operator-form-title">
        {first ? t('register.operators.firstTitle') : t('register.operators.newTitle')}
      </h3>
      <div className="operator-fields">
        {field(OPERATOR_FIELDS[0]!)}
        {!first && (
          <div className="field">
            <label htmlFor="operator-role">{t('register.operators.role')}</label>
            <select id="operator-role" value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
              <option value="CASHIER">{t('register.roles.CASHIER')}</option>
              <option value="MANAGER">{t('register.roles.MANAGER')}</option>
            </select>
          </div>
        )}
        {OPERATOR_FIELDS.slice(1).map(field)}
      </div>
      {(problem || apiError) && (
        <p id={PROBLEM_ID} className="banner banner--error" role="alert">
          {problem ? t(`register.operators.problems.${problem}`) : apiError}
        </p>
      )}
      <div className="panel-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {first ? t('register.operators.createFirst') : t('register.operators.create')}
        </button>
      </div>
    </form>
  );
}

function OperatorField({
  spec,
  value,
  invalid,
  onChange,
}: {
  spec: OperatorFieldSpec;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={spec.id}>{t(`register.operators.${spec.key}`)}</label>
      <input
        id={spec.id}
        type={spec.secret ? 'password' : 'text'}
        inputMode={spec.secret ? 'numeric' : undefined}
        autoComplete={spec.secret ? 'new-password' : 'off'}
        maxLength={spec.secret ? 8 : OPERATOR_NAME_MAX}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? PROBLEM_ID : undefined}
        onChange={(event) => onChange(spec.secret ? pinInput(event.target.value) : event.target.value)}
      />
    </div>
  );
}
