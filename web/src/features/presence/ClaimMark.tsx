import { useTranslation } from 'react-i18next';
import type { ChatterClaim, ChatterDto } from '@greetboard/contracts/wire';
import { useCallback, useMemo } from 'react';
import { Avatar } from '../../components/Avatar';
import { useAuth } from '../auth/use-auth';
import { usePresence } from './presence-store';
import './presence.css';

/** '{name} is greeting' on a row someone else claimed: avatar and text, not colour alone. */
export function ClaimMark({ claims }: { claims: ChatterClaim[] }) {
  const { t } = useTranslation('presence');
  const first = claims[0];
  if (!first) return null;
  const names = claims.map((claim) => claim.user.displayName);
  return (
    <span className="claim-mark" data-testid="claim-mark">
      <Avatar
        src={first.user.profileImage}
        displayName={first.user.displayName}
        username={first.user.username}
        size={18}
      />
      <span>
        {names.length === 1
          ? t('presence:isGreeting', { name: names[0] })
          : t('presence:severalGreeting', { names: names.join(', ') })}
      </span>
    </span>
  );
}

/**
 * The row mark for `ChatterList`'s `claim` prop: the others' claims of each chatter of the
 * session, read from the live presence once per list rather than per row.
 */
export function useClaimMarks(sessionId: string) {
  const { ready } = useTranslation('presence');
  const { user } = useAuth();
  const { claims } = usePresence(sessionId);
  const byChatter = useMemo(() => {
    const map = new Map<string, ChatterClaim[]>();
    for (const claim of claims) {
      if (claim.user.id === user?.id) continue;
      map.set(claim.chatterId, [...(map.get(claim.chatterId) ?? []), claim]);
    }
    return map;
  }, [claims, user?.id]);
  return useCallback(
    (chatter: ChatterDto) => {
      const held = ready ? byChatter.get(chatter.id) : undefined;
      return held ? <ClaimMark claims={held} /> : null;
    },
    [byChatter, ready],
  );
}
