import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/use-auth';
import { DangerZone } from './DangerZone';
import { DefaultKeywordsSection } from './DefaultKeywordsSection';
import { GlobalEditorsSection } from './GlobalEditorsSection';
import { IgnoredUsersSection } from './IgnoredUsersSection';
import { LoginSessionsSection } from './LoginSessionsSection';
import { ObsSection } from './ObsSection';
import { PreferencesSection } from './PreferencesSection';
import { RaidWindowSection } from '../raids/RaidWindowSection';
import { useGetSettingsQuery } from './settings-api';
import {
  useGetEditorInvitesQuery,
  useGetGlobalEditorsQuery,
  useGetIgnoredUsersQuery,
} from './settings-lists-api';
import './settings.css';

/** The settings screen: settings, ignored users, editors and invites load together. */
export default function SettingsPage() {
  const { t, ready } = useTranslation('settings');
  const { user } = useAuth();
  const settings = useGetSettingsQuery();
  const ignored = useGetIgnoredUsersQuery();
  const editors = useGetGlobalEditorsQuery();
  const invites = useGetEditorInvitesQuery();
  const all = [settings, ignored, editors, invites];
  const loading = all.some((query) => query.isLoading);
  const failed = all.some((query) => query.isError);

  useEffect(() => {
    if (failed && ready) toast.error(t('settings:toast.loadFailed'), { id: 'load-settings' });
  }, [failed, ready, t]);

  if (!user) return null;
  if (!ready) return <Spinner />;
  const current = settings.data;

  return (
    <div className="page settings-page">
      <header className="page-header">
        <h1>{t('settings:title')}</h1>
        <p className="page-description">{t('settings:description')}</p>
      </header>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <div className="banner banner-danger" role="alert">
          <p>{t('settings:toast.loadFailed')}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => all.forEach((query) => void query.refetch())}
          >
            {t('settings:retry')}
          </button>
        </div>
      ) : current ? (
        <div className="settings-grid">
          <PreferencesSection settings={current} />
          <DefaultKeywordsSection settings={current} />
          <RaidWindowSection />
          <IgnoredUsersSection ignoredUsers={ignored.data ?? []} />
          <GlobalEditorsSection
            user={user}
            editors={editors.data ?? []}
            invites={invites.data ?? []}
          />
          <ObsSection />
          <LoginSessionsSection />
          <DangerZone />
        </div>
      ) : null}
    </div>
  );
}
