import type { SessionDto } from '@greetboard/contracts/wire';
import toast from 'react-hot-toast';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountNotApproved, isNotSessionOwner } from '../../app/api-errors';
import { useServerErrorText } from '../i18n/server-error';
import {
  useCreateSessionMutation,
  useDeleteSessionMutation,
  useUpdateSessionMutation,
  type CreateSessionInput,
} from './sessions-api';

/**
 * Start, stop, create and delete with the spec's toasts. Start and stop flip `isActive` over
 * HTTP; the server starts or stops monitoring with it (no start_session/stop_session on /ws,
 * which would only repeat the update).
 */
export function useSessionControls(username: string | undefined) {
  const { t } = useTranslation();
  const [updateSession] = useUpdateSessionMutation();
  const [createSession] = useCreateSessionMutation();
  const [deleteSession] = useDeleteSessionMutation();
  const errorText = useServerErrorText();

  const start = useCallback(
    async (session: Pick<SessionDto, 'id'>) => {
      try {
        await updateSession({ id: session.id, isActive: true }).unwrap();
        toast.success(t('toast.sessionStarted', { username }));
        return true;
      } catch (error) {
        if (isNotSessionOwner(error)) toast.error(t('toast.ownerOnly'));
        else if (isAccountNotApproved(error)) toast.error(t('toast.accountNotApproved'));
        else toast.error(t('toast.startSessionFailed'));
        return false;
      }
    },
    [t, updateSession, username],
  );

  const stop = useCallback(
    async (session: Pick<SessionDto, 'id'>) => {
      try {
        await updateSession({ id: session.id, isActive: false }).unwrap();
        toast.success(t('toast.sessionStopped'));
        return true;
      } catch {
        toast.error(t('toast.stopSessionFailed'));
        return false;
      }
    },
    [t, updateSession],
  );

  /** Creates the session, then starts it; returns it so the caller can select it. */
  const create = useCallback(
    async (input: CreateSessionInput) => {
      let created: SessionDto;
      try {
        created = await createSession(input).unwrap();
      } catch (error) {
        toast.error(
          isAccountNotApproved(error)
            ? t('toast.accountNotApproved')
            : t('toast.createSessionFailed'),
        );
        return null;
      }
      // The server starts a new session as it creates it.
      toast.success(t('toast.sessionCreated', { username }));
      return created;
    },
    [createSession, t, username],
  );

  const remove = useCallback(
    async (session: Pick<SessionDto, 'id'>) => {
      try {
        const result = await deleteSession(session.id).unwrap();
        toast.success(
          t('toast.sessionDeletedDetail', {
            name: result.sessionName,
            count: result.deletedChatters,
          }),
        );
        return true;
      } catch (error) {
        // The spec's toast rules: the server's error text (in the reader's language) if any.
        toast.error(errorText(error) ?? t('toast.deleteSessionFailed'));
        return false;
      }
    },
    [deleteSession, errorText, t],
  );

  return { start, stop, create, remove };
}
