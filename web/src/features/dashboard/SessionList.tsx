import type { SessionDto, UserDto } from '@greetboard/contracts/wire';
import { Plus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useId, useState } from 'react';
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

  const reasonId = useId();

  const newButtonContent = (
    <>
      <Plus aria-hidden size={16} />
      {t('dashboard:newSession')}
    </>
  );

  return (
    <section className="card column" aria-labelledby="sessions-heading">
      <div className="card-header">
        <h2 id="sessions-heading" className="card-title">
          {t('dashboard:sessions')}
        </h2>
        {user.isApproved ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => setFormOpen(true)}
            disabled={formOpen}
          >
            {newButtonContent}
          </button>
        ) : (
          <Tooltip.Provider delayDuration={150}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                {/* aria-disabled, not disabled: the button stays focusable and hoverable, so
                    keyboard and pointer users alike can learn why it does nothing. */}
                <button
                  type="button"
                  className="button button-primary"
                  aria-disabled="true"
                  aria-describedby={reasonId}
                >
                  {newButtonContent}
                </button>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content className="tooltip" sideOffset={6}>
                  {t('dashboard:needsApproval')}
                  <Tooltip.Arrow className="tooltip-arrow" />
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
            <span id={reasonId} className="visually-hidden">
              {t('dashboard:needsApproval')}
            </span>
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
        <p className="empty-state">{t('dashboard:noSessions')}</p>
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
