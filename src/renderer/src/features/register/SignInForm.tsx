// "Entrar no caixa": choose the operator, type the PIN, Enter. A wrong PIN or a lockout shows the
// main process's words (with the time left); the choice of operator is kept for the next try.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { errorMessage, posApi } from '../../app/pos-api';
import { pinInput, PIN_PATTERN } from '../../lib/register-view';
import { useRegister } from './register-store';

export function SignInForm() {
  const { t } = useTranslation();
  const operators = useRegister((state) => state.register?.operators ?? []);
  const [operatorId, setOperatorId] = useState('');
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);
  const chosen = operatorId || operators[0]?.id || '';

  useEffect(() => {
    pinRef.current?.focus();
  }, []);
  // The shown choice is pinned once there is one, so a refreshed list never swaps the operator under the cashier.
  useEffect(() => {
    if (!operatorId && chosen) setOperatorId(chosen);
  }, [operatorId, chosen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !chosen) return;
    if (!PIN_PATTERN.test(pin)) {
      setMessage(t('register.pin.format'));
      pinRef.current?.focus();
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      useRegister.getState().apply(await posApi().signIn({ operatorId: chosen, pin }));
    } catch (error) {
      setMessage(errorMessage(error));
      setPin('');
      setSending(false);
      pinRef.current?.focus();
    }
  };

  return (
    <form className="register-card" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="sign-in-title" data-testid="sign-in">
      <h1 id="sign-in-title" className="register-card-title">
        {t('register.signIn.title')}
      </h1>
      <p className="field-hint">{t('register.signIn.hint')}</p>
      <div className="field">
        <label htmlFor="sign-in-operator">{t('register.signIn.operator')}</label>
        <select id="sign-in-operator" value={chosen} onChange={(event) => setOperatorId(event.target.value)} disabled={sending}>
          {operators.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.name}
              {operator.role === 'MANAGER' ? ` (${t('register.roles.MANAGER')})` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sign-in-pin">{t('register.pin.pin')}</label>
        <input
          id="sign-in-pin"
          ref={pinRef}
          className="pin-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'sign-in-message' : undefined}
          onChange={(event) => setPin(pinInput(event.target.value))}
          disabled={sending}
        />
      </div>
      <p id="sign-in-message" className={message ? 'banner banner--error' : 'visually-hidden'} role="alert">
        {message ?? ''}
      </p>
      <div className="panel-actions">
        <button type="submit" className="button button--primary" disabled={sending || !chosen}>
          {sending ? t('register.pin.checking') : t('register.signIn.submit')} <Kbd>Enter</Kbd>
        </button>
      </div>
    </form>
  );
}
