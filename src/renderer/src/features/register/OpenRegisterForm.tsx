// "Abrir caixa": the signed-in operator opens a session, with the till's name (the last one used)
// and an optional opening note (the float in the drawer, say). Also the way out: "Sair".
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../app/Kbd';
import { errorMessage, counterApi } from '../../app/counter-api';
import { RegisterCardForm } from './RegisterCardForm';
import { useRegister } from './register-store';

export function OpenRegisterForm() {
  const { t } = useTranslation();
  const register = useRegister((state) => state.register);
  const [tillName, setTillName] = useState(() => register?.tillName ?? '');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const noteRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    noteRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setMessage(null);
    try {
      const input = {
        ...(tillName.trim() ? { tillName: tillName.trim() } : {}),
        ...(note.trim() ? { openingNote: note.trim() } : {}),
      };
      useRegister.getState().apply(await counterApi().openRegister(input));
    } catch (error) {
      setMessage(errorMessage(error));
      setSending(false);
    }
  };

  return (
    <RegisterCardForm
      name="open-register"
      title={t('register.open.title')}
      hint={t('register.open.hint', { name: register?.current?.name ?? '' })}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor="open-till">{t('register.open.till')}</label>
        <input
          id="open-till"
          type="text"
          maxLength={40}
          autoComplete="off"
          value={tillName}
          onChange={(event) => setTillName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="open-note">{t('register.open.note')}</label>
        <input
          id="open-note"
          ref={noteRef}
          type="text"
          maxLength={200}
          autoComplete="off"
          placeholder={t('register.open.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {message && (
        <p className="banner banner--error" role="alert">
          {message}
        </p>
      )}
      <div className="panel-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {t('register.open.submit')} <Kbd>Enter</Kbd>
        </button>
        <SignOutButton />
      </div>
    </RegisterCardForm>
  );
}

export function SignOutButton() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const signOut = async () => {
    try {
      useRegister.getState().apply(await counterApi().signOut());
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };
  return (
    <>
      <button type="button" className="button button--quiet" onClick={() => void signOut()} data-testid="sign-out">
        {t('register.signOut')}
      </button>
      {message && (
        <span className="banner banner--error" role="alert">
          {message}
        </span>
      )}
    </>
  );
}
