import type { LoginSessionDto } from '@greetboard/contracts/wire';
import { LogOut, Monitor } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useLogout } from '../auth/use-auth';
import { useEndLoginSessionMutation, useGetLoginSessionsQuery } from './login-sessions-api';
import './login-sessions.css';

/** Day and time: two sign-ins of one day must tell apart. */
const DATE_AND_TIME = { date: { dateStyle: 'medium', timeStyle: 'short' } } as const;

/**
 * The browsers the user is signed in with (ADR 0046): where each signed in from and when it
 * was last used, this one marked; ending this browser's session signs it out.
 */
export function LoginSessionsSection() {
  const { t } = useTranslation();
  const sessions = useGetLoginSessionsQuery();
  const [endSession, { isLoading: ending }] = useEndLoginSessionMutation();
  const logout = useLogout();

  const end = async (session: LoginSessionDto) => {
    try {
      const { current } = await endSession(session.id).unwrap();
      toast.success(t('settings:loginSessions.ended'));
      if (current) await logout();
    } catch {
      toast.error(t('settings:loginSessions.endFailed'));
    }
  };

  const deviceOf = (session: LoginSessionDto) =>
    session.browser && session.os
      ? t('settings:loginSessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('settings:loginSessions.unknownDevice'));

  return (
    <section className="card settings-section" aria-labelledby="login-sessions-heading">
      <h2 id="login-sessions-heading" className="card-title">
        {t('settings:loginSessions.title')}
      </h2>
      <p className="settings-description">{t('settings:loginSessions.description')}</p>
      {sessions.isLoading ? (
        <Spinner />
      ) : (
        <ul className="login-session-list">
          {(sessions.data ?? []).map((session) => (
            <li
              key={session.id}
              className="login-session"
              data-current={session.current || undefined}
            >
              <div className="login-session-head">
                <Monitor aria-hidden size={16} />
                <span className="login-session-device">{deviceOf(session)}</span>
                {session.current && (
                  <span className="badge login-session-current">
                    {t('settings:loginSessions.thisBrowser')}
                  </span>
                )}
              </div>
              <p className="muted login-session-details">
                {session.ipAddress && (
                  <span>{t('settings:loginSessions.ipAddress', { ip: session.ipAddress })}</span>
                )}
                <span>
                  {t('settings:loginSessions.lastUsed', {
                    date: new Date(session.lastUsedAt),
                    formatParams: DATE_AND_TIME,
                  })}
                </span>
                <span>
                  {t('settings:loginSessions.created', {
                    date: new Date(session.createdAt),
                    formatParams: DATE_AND_TIME,
                  })}
                </span>
              </p>
              <button
                type="button"
                className="button button-danger"
                disabled={ending}
                onClick={() => void end(session)}
              >
                <LogOut aria-hidden size={16} />
                {session.current
                  ? t('settings:loginSessions.endThis')
                  : t('settings:loginSessions.end')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
