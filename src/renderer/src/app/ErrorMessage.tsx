// An error as the cashier reads it: the service's English mapped to pt-BR (lib/service-error.ts),
// its own words kept below in small type for support; the counter's own messages as they are.
import { useTranslation } from 'react-i18next';
import { readServiceError } from '../lib/service-error';

export function ErrorMessage({ message, className = '' }: { message: string; className?: string }) {
  const { t } = useTranslation();
  const read = readServiceError(message);
  return (
    <p className={`banner banner--error ${className}`.trim()} role="alert">
      <span>{read.kind ? t(`serviceError.${read.kind}`) : read.original}</span>
      {read.kind && (
        <small className="error-details">
          {t('serviceError.details')} {read.original}
        </small>
      )}
    </p>
  );
}
