// Configurações › Operadores. On a fresh counter: the first manager (name, PIN twice), no approval
// needed; from then on the list of operators, a new operator (caixa or gerente) and disabling one,
// each with a manager's PIN. Its own form, outside the settings form: Enter here never saves settings.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole, RegisterState } from '../../../../shared/pos-api';
import { errorMessage, posApi } from '../../app/pos-api';
import { formatTime } from '../../lib/date-time';
import { OPERATOR_NAME_MAX, operatorFormProblem, pinInput, type OperatorFormProblem } from '../../lib/register-view';
import { ApprovalCancelled, askManager } from './manager-approval';
import { useRegister } from './register-store';
import './register.css';

export function OperatorsSection() {
  const { t, i18n } = useTranslation();
  const register = useRegister((state) => state.register);
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void useRegister.getState().load().catch((error) => setMessage({ tone: 'error', text: errorMessage(error) }));
  }, []);

  const disable = async (operatorId: string, name: string) => {
    setMessage(null);
    try {
      const state = await askManager('disableOperator', (manager) => posApi().disableOperator({ operatorId, manager }));
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
                  <span className="operator-locked">{t('register.operators.lockedUntil', { time: formatTime(operator.lockedUntil, i18n.language) })}</span>
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

function OperatorForm({ register, first, onDone }: { register: RegisterState; first: boolean; onDone(text: string): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>(first ? 'MANAGER' : 'CASHIER');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [problem, setProblem] = useState<OperatorFormProblem | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = operatorFormProblem({ name, pin, pinAgain }, register.operators.map((operator) => operator.name));
    setProblem(found);
    setApiError(null);
    if (found) {
      document.getElementById(found.startsWith('name') ? 'operator-name' : found === 'pinFormat' ? 'operator-pin' : 'operator-pin-again')?.focus();
      return;
    }
    setSending(true);
    const input = { name: name.trim(), role: first ? ('MANAGER' as const) : role, pin };
    try {
      const state = first
        ? await posApi().createOperator(input)
        : await askManager('createOperator', (manager) => posApi().createOperator({ ...input, manager }));
      useRegister.getState().apply(state);
      onDone(t('register.operators.created', { name: input.name }));
      setName('');
      setPin('');
      setPinAgain('');
    } catch (error) {
      if (!(error instanceof ApprovalCancelled)) setApiError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="operator-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="operator-form-title">
      <h3 id="operator-form-title" className="operator-form-title">
        {first ? t('register.operators.firstTitle') : t('register.operators.newTitle')}
      </h3>
      <div className="operator-fields">
        <div className={`field${problem?.startsWith('name') ? ' field--invalid' : ''}`}>
          <label htmlFor="operator-name">{t('register.operators.name')}</label>
          <input
            id="operator-name"
            type="text"
            autoComplete="off"
            maxLength={OPERATOR_NAME_MAX}
            value={name}
            aria-invalid={problem?.startsWith('name') || undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {!first && (
          <div className="field">
            <label htmlFor="operator-role">{t('register.operators.role')}</label>
            <select id="operator-role" value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
              <option value="CASHIER">{t('register.roles.CASHIER')}</option>
              <option value="MANAGER">{t('register.roles.MANAGER')}</option>
            </select>
          </div>
        )}
        <div className={`field${problem === 'pinFormat' ? ' field--invalid' : ''}`}>
          <label htmlFor="operator-pin">{t('register.operators.pin')}</label>
          <input
            id="operator-pin"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            value={pin}
            aria-invalid={problem === 'pinFormat' || undefined}
            onChange={(event) => setPin(pinInput(event.target.value))}
          />
        </div>
        <div className={`field${problem === 'pinMismatch' ? ' field--invalid' : ''}`}>
          <label htmlFor="operator-pin-again">{t('register.operators.pinAgain')}</label>
          <input
            id="operator-pin-again"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            value={pinAgain}
            aria-invalid={problem === 'pinMismatch' || undefined}
            onChange={(event) => setPinAgain(pinInput(event.target.value))}
          />
        </div>
      </div>
      {(problem || apiError) && (
        <p className="banner banner--error" role="alert">
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
