// "Entrar no caixa": choose the operator, type the PIN, Enter. A wrong PIN or a lockout shows the
// main process's words (with the time left); the choice of operator is kept for the next try.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { errorMessage, counterApi } from '../../app/counter-api';
import { PinField, usePinEntry } from './PinField';
import { RegisterCardForm } from './RegisterCardForm';
import { useRegister } from './register-store';

export function SignInForm() {
  const { t } = useTranslation();
  const operators = useRegister((state) => state.register?.operators ?? []);
  const [operatorId, setOperatorId] = useState('');
  const entry = usePinEntry();
  const { focusPin } = entry;
  const chosen = operatorId || operators[0]?.id || '';

  useEffect(() => {
    focusPin();
  }, [focusPin]);
  // The shown choice is pinned once there is one, so a refreshed list never swaps the operator under the cashier.
  useEffect(() => {
    if (!operatorId && chosen) setOperatorId(chosen);
  }, [operatorId, chosen]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (entry.sending || !chosen || !entry.send()) return;
    try {
      useRegister.getState().apply(await counterApi().signIn({ operatorId: chosen, pin: entry.pin }));
    } catch (error) {
      entry.refused(errorMessage(error));
    }
  };

  return (
    <RegisterCardForm
      name="sign-in"
      title={t('register.signIn.title')}
      hint={t('register.signIn.hint')}
      onSubmit={submit}
    >
      <PinField
        idPrefix="sign-in"
        operatorLabel={t('register.signIn.operator')}
        choices={operators.map((operator) => ({
          id: operator.id,
          label: operator.role === 'MANAGER' ? `${operator.name} (${t('register.roles.MANAGER')})` : operator.name,
        }))}
        operatorId={chosen}
        onOperatorChange={setOperatorId}
        {...entry.field}
      />
      <div className="panel-actions">
        <button type="submit" className="button button--primary" disabled={entry.sending || !chosen}>
          {entry.sending ? t('register.pin.checking') : t('register.signIn.submit')} <Kbd>Enter</Kbd>
        </button>
      </div>
    </RegisterCardForm>
  );
}
