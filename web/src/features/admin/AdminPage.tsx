import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAdminOverviewQuery } from './admin-api';
import { Spinner } from '../../components/Spinner';
import { OverviewTab } from './OverviewTab';
import { SessionsTab } from './SessionsTab';
import { SystemTab } from './SystemTab';
import { UsersTab } from './UsersTab';
import './admin.css';

const TABS = ['overview', 'sessions', 'users', 'system'] as const;
type Tab = (typeof TABS)[number];

/** The admin panel: only admins reach it (RequireAdmin). */
export default function AdminPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('overview');
  const pending = useGetAdminOverviewQuery().data?.pendingUsers ?? 0;
  const textsReady = useTranslation('admin').ready;
  const labels: Record<Tab, string> = {
    overview: t('admin:tabOverview'),
    sessions: t('admin:tabSessions'),
    users: t('admin:tabUsers'),
    system: t('admin:tabSystem'),
  };
  if (!textsReady) return <Spinner fullPage />;
  return (
    <div className="page admin-page">
      <header className="page-header">
        <h1>{t('admin:title')}</h1>
        <p className="page-description">{t('admin:description')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List className="admin-tabs" aria-label={t('admin:tabsLabel')}>
          {TABS.map((name) => (
            <Tabs.Trigger key={name} value={name} className="admin-tab">
              {labels[name]}
              {name === 'users' && pending > 0 && (
                <span className="badge admin-waiting-badge" data-testid="users-tab-pending">
                  {t('admin:waitingBadge', { count: pending })}
                </span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="admin-tab-panel">
          <OverviewTab />
        </Tabs.Content>
        <Tabs.Content value="sessions" className="admin-tab-panel">
          <SessionsTab />
        </Tabs.Content>
        <Tabs.Content value="users" className="admin-tab-panel">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="system" className="admin-tab-panel">
          <SystemTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
