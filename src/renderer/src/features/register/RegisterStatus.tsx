// The status bar's word on the register: "Caixa aberto desde 08:02 · Marta", "Caixa fechado ·
// Marta" or "Nenhum operador"; nothing before the register is set up. From the register's real state.
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/date-time';
import { registerBarItem } from '../../lib/register-view';
import { useRegister } from './register-store';

export function RegisterStatus() {
  const { t, i18n } = useTranslation();
  const item = registerBarItem(useRegister((state) => state.register));
  if (!item) return null;
  const text =
    item.kind === 'open'
      ? t('register.bar.open', { time: formatTime(item.since, i18n.language) }) +
        (item.operator ? ` · ${item.operator}` : ` · ${t('register.bar.nobody')}`)
      : item.kind === 'closed'
        ? `${t('register.bar.closed')} · ${item.operator}`
        : `${t('register.bar.closed')} · ${t('register.bar.nobody')}`;
  return (
    <span
      className={`status-item status-register is-${item.kind}`}
      role="status"
      aria-label={t('register.bar.label')}
      data-testid="status-register"
    >
      <span className="status-text" title={text}>
        {text}
      </span>
    </span>
  );
}
