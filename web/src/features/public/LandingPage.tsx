import { useTranslation } from 'react-i18next';
import { Eye, Globe, Hand, Layers, MonitorPlay, Moon, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { SignedOutNotice } from './SignedOutNotice';
import './public.css';

const FEATURES = [
  { key: 'realtime', Icon: Zap },
  { key: 'greet', Icon: Hand },
  { key: 'sessions', Icon: Layers },
  { key: 'overlay', Icon: MonitorPlay },
  { key: 'filters', Icon: Eye },
  { key: 'editors', Icon: Users },
  { key: 'themes', Icon: Moon },
  { key: 'languages', Icon: Globe },
] as const;

export default function LandingPage() {
  const { t, ready } = useTranslation('landing');
  if (!ready) return <Spinner fullPage />;
  return (
    <main className="landing">
      <section className="hero">
        <SignedOutNotice />
        <h1 className="hero-title">{t('landing:title')}</h1>
        <p className="hero-subtitle">{t('landing:subtitle')}</p>
        <p className="hero-description">{t('landing:description')}</p>
        <Link to="/login" className="button button-primary button-large">
          {t('landing:cta')}
        </Link>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="section-title">
          {t('landing:featuresTitle')}
        </h2>
        <ul className="feature-grid">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="card feature">
              <Icon aria-hidden size={22} className="feature-icon" />
              <h3>{t(`landing:features.${key}Title`)}</h3>
              <p>{t(`landing:features.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="screens-heading">
        <h2 id="screens-heading" className="section-title">
          {t('landing:screenshotsTitle')}
        </h2>
        <div className="screenshot-grid">
          <div className="screenshot-placeholder">{t('landing:screenshotSoon')}</div>
          <div className="screenshot-placeholder">{t('landing:screenshotSoon')}</div>
        </div>
      </section>
      <section className="closing card">
        <h2>{t('landing:closingTitle')}</h2>
        <p>{t('landing:closingText')}</p>
        <Link to="/login" className="button button-primary button-large">
          {t('landing:closingCta')}
        </Link>
      </section>
    </main>
  );
}
