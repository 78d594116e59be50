import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import './legal.css';

/** The one contact address the legal pages repeat. */
export const CONTACT_EMAIL = 'contact@greetboard.example';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="legal">
      <Link to="/" className="back-link">
        <ArrowLeft aria-hidden size={16} />
        {t('common.backToHome')}
      </Link>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

function Sections({ prefix, keys }: { prefix: string; keys: string[] }) {
  const { t } = useTranslation();
  return keys.map((key) => (
    <section key={key}>
      <h2>{t(`${prefix}.${key}Title`)}</h2>
      <p>{t(`${prefix}.${key}Text`)}</p>
    </section>
  ));
}

export function PrivacyPage() {
  const { t, ready } = useTranslation('legal');
  if (!ready) return <Spinner fullPage />;
  return (
    <LegalPage title={t('legal:privacy.title')}>
      <Sections
        prefix="legal:privacy"
        keys={['collected', 'use', 'security', 'retention', 'thirdParties', 'rights']}
      />
      <section>
        <h2>{t('legal:privacy.contactTitle')}</h2>
        <p>
          <a href={`mailto:${CONTACT_EMAIL}`}>{t('legal:contactLine', { email: CONTACT_EMAIL })}</a>
        </p>
      </section>
    </LegalPage>
  );
}

export function TermsPage() {
  const { t, ready } = useTranslation('legal');
  if (!ready) return <Spinner fullPage />;
  return (
    <LegalPage title={t('legal:terms.title')}>
      <Sections
        prefix="legal:terms"
        keys={[
          'acceptance',
          'service',
          'responsibilities',
          'account',
          'availability',
          'ip',
          'liability',
          'termination',
          'changes',
        ]}
      />
    </LegalPage>
  );
}

export function ImprintPage() {
  const { t, ready } = useTranslation('legal');
  if (!ready) return <Spinner fullPage />;
  return (
    <LegalPage title={t('legal:imprint.title')}>
      <Sections prefix="legal:imprint" keys={['operator']} />
      <section>
        <h2>{t('legal:imprint.contactTitle')}</h2>
        <p>
          <a href={`mailto:${CONTACT_EMAIL}`}>
            {t('legal:imprint.emailLabel', { email: CONTACT_EMAIL })}
          </a>
        </p>
      </section>
      <section>
        <h2>{t('legal:imprint.responsibleTitle')}</h2>
        <p>{t('legal:imprint.responsibleText', { email: CONTACT_EMAIL })}</p>
      </section>
    </LegalPage>
  );
}
