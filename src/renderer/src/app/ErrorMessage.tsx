// An error as the cashier reads it: the service's English mapped to pt-BR (lib/service-error.ts),
// its own words kept below in small type for support; the counter's own messages as they are.
import { useTranslation } from 'react-i18next';
import { readableError, type ReadableError } from '../lib/service-error';

/** Reads a message as the cashier does (lib/service-error.ts), in the current language. */
export function useReadableError(): (message: string) => ReadableError {
  const { t } = useTranslation();
  return (message) => readableError(message, (key) => t(key));
}

/** `id` lets the field at fault point at the message (aria-describedby). */
export function ErrorMessage({ message, className = '', id }: { message: string; className?: string; id?: string }) {
  const { t } = useTranslation();
  const { text, details } = useReadableError()(message);
  return (
    <p id={id} className={`banner banner--error ${className}`.trim()} role="alert">
      <span>{text}</span>
      {details !== null && (
        <small className="error-details">
          {t('serviceError.details')} {details}
        </small>
      )}
    </p>
  );
}
