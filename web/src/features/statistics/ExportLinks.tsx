import { useTranslation } from 'react-i18next';
import { exportUrl } from './statistics-api';

/** Downloads of a session's chatters (the server names the file). */
export function ExportLinks({ sessionId }: { sessionId: string }) {
  const { t, ready } = useTranslation('statistics');
  if (!ready) return null;
  return (
    <div className="statistics-export" role="group" aria-label={t('statistics:export')}>
      <a className="button button-secondary" href={exportUrl(sessionId, 'csv')} download>
        {t('statistics:exportCsv')}
      </a>
      <a className="button button-secondary" href={exportUrl(sessionId, 'json')} download>
        {t('statistics:exportJson')}
      </a>
    </div>
  );
}
