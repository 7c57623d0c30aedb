// A register card that is a form ("Entrar no caixa", "Abrir caixa"): its title, which names the
// form, a hint under it, then the form's fields and actions.
import type { FormEvent, ReactNode } from 'react';

interface RegisterCardFormProps {
  /** The form's data-testid; its title's id is `${name}-title`. */
  name: string;
  title: string;
  hint: string;
  onSubmit(event: FormEvent): Promise<void>;
  children: ReactNode;
}

export function RegisterCardForm({ name, title, hint, onSubmit, children }: RegisterCardFormProps) {
  return (
    <form
      className="register-card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={`${name}-title`}
      data-testid={name}
    >
      <h1 id={`${name}-title`} className="register-card-title">
        {title}
      </h1>
      <p className="field-hint">{hint}</p>
      {children}
    </form>
  );
}
