import { useTranslation } from 'react-i18next';

export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? 'spinner-page' : 'spinner-inline'} role="status">
      <span className="spinner" aria-hidden />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
