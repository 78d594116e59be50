import { useTranslation } from 'react-i18next';
import { useGetAppInfoQuery } from '../app-info/app-info-api';

export function DemoBanner() {
  const { t } = useTranslation();
  const { data } = useGetAppInfoQuery();
  if (!data?.demoMode) return null;
  // A named region: outside the page's landmarks, screen-reader users would skip past it.
  return (
    <section className="demo-banner" aria-label={t('demo.label')}>
      {t('demo.banner')}
    </section>
  );
}
