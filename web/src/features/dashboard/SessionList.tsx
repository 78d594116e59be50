import type { SessionDto, UserDto } from '@greetboard/contracts';
import { Plus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteSessionDialog } from '../sessions/DeleteSessionDialog';
import { NewSessionForm } from '../sessions/NewSessionForm';
import { SessionRow } from '../sessions/SessionRow';
import { useSessionControls } from '../sessions/use-session-controls';

interface SessionListProps {
  user: UserDto;
  sessions: SessionDto[];
  selectedId: string | null;
  defaultKeywords: string[];
  onSelect: (session: SessionDto) => void;
  onClearSelection: () => void;
}

export function SessionList(props: SessionListProps) {
  const { user, sessions, selectedId } = props;
  const { t } = useTranslation();
  const controls = useSessionControls(user.username);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<SessionDto | null>(null);

  const newButton = (
    <button
      type="button"
      className="button button-primary"
      onClick={() => setFormOpen(true)}
      disabled={!user.isApproved || formOpen}
    >
      <Plus aria-hidden size={16} />
      {t('dashboard.newSession')}
    </button>
  );

  return (
    <section className="card column" aria-labelledby="sessions-heading">
      <div className="card-header">
        <h2 id="sessions-heading" className="card-title">
          {t('dashboard.sessions')}
        </h2>
        {user.isApproved ? (
          newButton
        ) : (
          <Tooltip.Provider delayDuration={150}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                {/* A disabled button gets no pointer or focus events; the wrapper carries them. */}
                <span
                  tabIndex={0}
                  className="tooltip-anchor"
                  aria-label={t('dashboard.needsApproval')}
                >
                  {newButton}
                </span>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content className="tooltip" sideOffset={6}>
                  {t('dashboard.needsApproval')}
                  <Tooltip.Arrow className="tooltip-arrow" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </Tooltip.Provider>
        )}
      </div>
      {formOpen && (
        <NewSessionForm
          username={user.username}
          defaultKeywords={props.defaultKeywords}
          onCancel={() => setFormOpen(false)}
          onCreate={async (input) => {
            const created = await controls.create(input);
            if (created) {
              setFormOpen(false);
              props.onSelect(created);
            }
          }}
        />
      )}
      {sessions.length === 0 ? (
        <p className="empty-state">{t('dashboard.noSessions')}</p>
      ) : (
        <ul className="session-list">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              selected={session.id === selectedId}
              isOwner={session.userId === user.id}
              onSelect={() => props.onSelect(session)}
              onStart={() => void controls.start(session)}
              onStop={() => {
                void controls.stop(session).then((ok) => {
                  if (ok && session.id === selectedId) props.onClearSelection();
                });
              }}
              onDelete={() => setToDelete(session)}
            />
          ))}
        </ul>
      )}
      <DeleteSessionDialog
        session={toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={(session) => {
          setToDelete(null);
          void controls.remove(session).then((ok) => {
            if (ok && session.id === selectedId) props.onClearSelection();
          });
        }}
      />
    </section>
  );
}
