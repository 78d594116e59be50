import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetAppInfoQuery, versionLabel } from '../app-info/app-info-api';

/** Where the footer's chat-community link points. */
export const COMMUNITY_URL = 'https://www.twitch.tv/';

export function Footer() {
  const { t } = useTranslation();
  const { data } = useGetAppInfoQuery();
  return (
    <footer className="footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      <span className="footer-version">{t('footer.version', { version: versionLabel(data) })}</span>
      <nav aria-label={t('footer.legal')} className="footer-links">
        <Link to="/privacy">{t('footer.privacy')}</Link>
        <Link to="/terms">{t('footer.terms')}</Link>
        <Link to="/imprint">{t('footer.imprint')}</Link>
        <a href={COMMUNITY_URL} target="_blank" rel="noreferrer">
          {t('footer.community')}
        </a>
      </nav>
    </footer>
  );
}
