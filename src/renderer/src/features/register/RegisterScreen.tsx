// "Caixa" (F7): where the counter stands. Before the first manager: how to create one. Then, in
// turn: sign in, open the register, and (while open) the closing with its summary and report;
// below, the closed sessions with their reports to save or print again.
import { useEffect } from 'react';
import type { SessionSummary } from '#shared/counter/counter-api';
import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../app/navigation-store';
import { registerGate } from '../../lib/register-view';
import { ClosedSession, CloseRegister } from './CloseRegister';
import { OpenRegisterForm } from './OpenRegisterForm';
import { PastSessions } from './PastSessions';
import { useRegister } from './register-store';
import { CashDrawerButton } from './CashDrawerButton';
import { SignInForm } from './SignInForm';
import './register.css';

export function RegisterScreen() {
  const { t } = useTranslation();
  const register = useRegister((state) => state.register);
  const go = useNavigation((state) => state.go);
  // Kept in the store, not in the closing form: once closed the register's step moves on, the report stays.
  const closed = useRegister((state) => state.justClosed);
  const setClosed = useRegister((state) => state.setJustClosed);

  useEffect(() => {
    void useRegister
      .getState()
      .load()
      .catch(() => undefined);
  }, []);

  if (!register)
    return (
      <p className="empty" role="status">
        {t('app.loading')}
      </p>
    );
  if (!register.setUp) {
    return (
      <section className="register-screen">
        <div className="register-card" data-testid="register-not-set-up">
          <h1 className="register-card-title">{t('register.notSetUp.title')}</h1>
          <p>{t('register.notSetUp.text')}</p>
          <div className="panel-actions">
            <button type="button" className="button button--primary" onClick={() => go('settings')}>
              {t('register.notSetUp.go')}
            </button>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="register-screen">
      {closed ? (
        <ClosedSession summary={closed} onDone={() => setClosed(null)} />
      ) : (
        <RegisterStep onClosed={setClosed} />
      )}
      {!closed && registerGate(register) === 'sell' && <CashDrawerButton />}
      {/* Asked again when a session opens or closes: the one just closed joins the list. Past
          sessions' figures are for the operator at the counter (main refuses them to nobody). */}
      {register.current && <PastSessions refreshKey={`${register.session?.id ?? '-'}:${closed?.session.id ?? '-'}`} />}
    </section>
  );
}

/** The step the counter is at (the sale screen shows sign-in and opening too, until selling is allowed). */
function RegisterStep({ onClosed }: { onClosed(summary: SessionSummary): void }) {
  const register = useRegister((state) => state.register);
  switch (registerGate(register)) {
    case 'signIn':
      return <SignInForm />;
    case 'openRegister':
      return <OpenRegisterForm />;
    case 'sell':
      return <CloseRegister onClosed={onClosed} />;
  }
}
