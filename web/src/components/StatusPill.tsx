import { useTranslation } from 'react-i18next';

export function StatusPill({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`pill ${active ? 'pill-active' : 'pill-inactive'}`}>
      {active ? t('common.active') : t('common.inactive')}
    </span>
  );
}
