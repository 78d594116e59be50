import { useTranslation } from 'react-i18next';
import { useGetAppInfoQuery } from '../app-info/app-info-api';

export function DemoBanner() {
  const { t } = useTranslation();
  const { data } = useGetAppInfoQuery();
  if (!data?.demoMode) return null;
  return (
    <div className="demo-banner" role="note">
      {t('demo.banner')}
    </div>
  );
}
