import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OverlayLinks } from './OverlayLinks';
import { useCopyUrl } from './use-copy-url';

/** The general overlay URL for a broadcast-software browser source. */
export function ObsSection() {
  const { t } = useTranslation();
  const url = `${window.location.origin}/obs`;

  const copy = useCopyUrl();

  return (
    <section className="card settings-section" aria-labelledby="obs-heading">
      <h2 id="obs-heading" className="card-title">
        {t('settings:obs.title')}
      </h2>
      <p className="settings-description">{t('settings:obs.description')}</p>
      <div className="field">
        <label className="field-label" htmlFor="obs-url">
          {t('settings:obs.urlLabel')}
        </label>
        <div className="input-row">
          <input
            id="obs-url"
            className="input"
            value={url}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="button button-secondary" onClick={() => void copy(url)}>
            <Copy aria-hidden size={16} />
            {t('settings:obs.copy')}
          </button>
        </div>
      </div>
      <ul className="bullet-list settings-hints">
        <li>{t('settings:obs.sizeHint')}</li>
        <li>{t('settings:obs.compactHint')}</li>
        <li>{t('settings:obs.autoHint')}</li>
        <li>{t('settings:obs.refreshHint')}</li>
      </ul>
      <OverlayLinks />
    </section>
  );
}
