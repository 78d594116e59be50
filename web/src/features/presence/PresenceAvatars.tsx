import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { useAuth } from '../auth/use-auth';
import { usePresence } from './presence-store';
import './presence.css';

/**
 * The others who have the session open (ADR 0034): an avatar each, the name shown on hover
 * and keyboard focus and read by screen readers. Nothing while the user is alone.
 */
export function PresenceAvatars({ sessionId }: { sessionId: string }) {
  const { t, ready } = useTranslation('presence');
  const { user } = useAuth();
  const { users } = usePresence(sessionId);
  const others = users.filter((present) => present.id !== user?.id);
  if (!ready || others.length === 0) return null;
  return (
    <div className="presence" data-testid="presence">
      <span className="presence-label" id={`presence-${sessionId}`}>
        {t('presence:alsoHere')}
      </span>
      <ul className="presence-avatars" aria-labelledby={`presence-${sessionId}`}>
        {others.map((present) => (
          <li key={present.id} className="presence-person" tabIndex={0}>
            <Avatar
              src={present.profileImage}
              displayName={present.displayName}
              username={present.username}
              size={28}
            />
            <span className="presence-name">{present.displayName}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
