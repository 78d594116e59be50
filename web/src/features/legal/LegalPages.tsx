import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { i18n, LANGUAGES } from '../i18n/i18n';
import { legalTexts } from './legal-texts';
import './legal.css';

const LEGAL = 'legal';

/** The legal texts join i18next as their own namespace when these pages first load. */
function addLegalTexts() {
  for (const language of LANGUAGES)
    i18n.addResourceBundle(language, LEGAL, legalTexts[language], true, true);
}
if (i18n.isInitialized) addLegalTexts();
else i18n.on('initialized', addLegalTexts);

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
  const { t } = useTranslation(LEGAL);
  return keys.map((key) => (
    <section key={key}>
      <h2>{t(`${prefix}.${key}Title`)}</h2>
      <p>{t(`${prefix}.${key}Text`)}</p>
    </section>
  ));
}

export function PrivacyPage() {
  const { t } = useTranslation(LEGAL);
  return (
    <LegalPage title={t('privacy.title')}>
      <Sections
        prefix="privacy"
        keys={['collected', 'use', 'security', 'retention', 'thirdParties', 'rights']}
      />
      <section>
        <h2>{t('privacy.contactTitle')}</h2>
        <p>
          <a href={`mailto:${CONTACT_EMAIL}`}>{t('contactLine', { email: CONTACT_EMAIL })}</a>
        </p>
      </section>
    </LegalPage>
  );
}

export function TermsPage() {
  const { t } = useTranslation(LEGAL);
  return (
    <LegalPage title={t('terms.title')}>
      <Sections
        prefix="terms"
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
  const { t } = useTranslation(LEGAL);
  return (
    <LegalPage title={t('imprint.title')}>
      <Sections prefix="imprint" keys={['operator']} />
      <section>
        <h2>{t('imprint.contactTitle')}</h2>
        <p>
          <a href={`mailto:${CONTACT_EMAIL}`}>
            {t('imprint.emailLabel', { email: CONTACT_EMAIL })}
          </a>
        </p>
      </section>
      <section>
        <h2>{t('imprint.responsibleTitle')}</h2>
        <p>{t('imprint.responsibleText', { email: CONTACT_EMAIL })}</p>
      </section>
    </LegalPage>
  );
}
