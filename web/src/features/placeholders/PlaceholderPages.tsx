import { useTranslation } from 'react-i18next';

function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="page-description">{t('placeholders.comingSoon')}</p>
      </header>
    </div>
  );
}

export function StatisticsPage() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholders.statisticsTitle')} />;
}

