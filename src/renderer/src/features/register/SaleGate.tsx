// What the sale screen shows instead of the amount while selling is not allowed yet (the register
// is set up and nobody is signed in, or the register is closed): the step that allows it.
import { useTranslation } from 'react-i18next';
import type { RegisterGate } from '../../lib/register-view';
import { OpenRegisterForm } from './OpenRegisterForm';
import { SignInForm } from './SignInForm';
import './register.css';

export function SaleGate({ gate }: { gate: Exclude<RegisterGate, 'sell'> }) {
  const { t } = useTranslation();
  return (
    <section className="register-screen" aria-label={t('register.gateLabel')} data-testid="sale-gate">
      {gate === 'signIn' ? <SignInForm /> : <OpenRegisterForm />}
    </section>
  );
}
