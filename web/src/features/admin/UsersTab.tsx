import type { AdminUserDto } from '@greetboard/contracts/wire';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/use-auth';
import {
  useAdministerUserMutation,
  useDeleteUserMutation,
  useGetAdminUsersQuery,
  type UserAction,
} from './admin-api';
import { adminFailureText } from './admin-errors';
import { useLoadFailureToast } from './OverviewTab';
import { usePage } from './paging';

type Confirmed = { action: 'force-logout' | 'delete'; user: AdminUserDto };

const ACTION_TEXTS: Record<UserAction, { success: string; failure: string; label: string }> = {
  approve: {
    success: 'admin:approvedUser',
    failure: 'admin:approveFailed',
    label: 'admin:approve',
  },
  reject: { success: 'admin:rejectedUser', failure: 'admin:rejectFailed', label: 'admin:reject' },
  promote: {
    success: 'admin:promotedUser',
    failure: 'admin:promoteFailed',
    label: 'admin:promote',
  },
  demote: { success: 'admin:demotedUser', failure: 'admin:demoteFailed', label: 'admin:demote' },
  'force-logout': {
    success: 'admin:loggedOutUser',
    failure: 'admin:forceLogoutFailed',
    label: 'admin:forceLogout',
  },
};

const nameOf = (user: AdminUserDto) => user.displayName || user.username;

/** Every user with their counts, and the approval, role, logout and delete actions. */
export function UsersTab() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const { data, error, isLoading } = useGetAdminUsersQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useLoadFailureToast(error);
  const [administer] = useAdministerUserMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const users = data ?? [];
  const { rows, controls } = usePage(users);

  const act = async (user: AdminUserDto, action: UserAction) => {
    const texts = ACTION_TEXTS[action];
    try {
      await administer({ id: user.id, action }).unwrap();
      toast.success(t(texts.success, { name: nameOf(user) }));
    } catch (failure) {
      toast.error(adminFailureText(t, t(texts.failure), failure));
    }
  };

  const remove = async (user: AdminUserDto) => {
    try {
      await deleteUser(user.id).unwrap();
      toast.success(t('admin:deletedUser', { name: nameOf(user) }));
    } catch (failure) {
      toast.error(adminFailureText(t, t('admin:deleteFailed'), failure));
    }
  };

  const confirm = () => {
    if (!confirming) return;
    setConfirming(null);
    if (confirming.action === 'delete') void remove(confirming.user);
    else void act(confirming.user, 'force-logout');
  };

  if (isLoading) return <Spinner />;
  const pending = users.filter((user) => !user.isApproved).length;
  return (
    <section className="admin-section" aria-label={t('admin:tabUsers')}>
      <p className="admin-counts" data-testid="user-counts">
        <span>{t('admin:usersTotal', { count: users.length })}</span>
        <span>{t('admin:approvedCount', { count: users.length - pending })}</span>
        <span className={pending > 0 ? 'admin-pending-count' : undefined}>
          {t('admin:pendingCount', { count: pending })}
        </span>
        <span>{t('admin:adminCount', { count: users.filter((user) => user.isAdmin).length })}</span>
      </p>
      {users.length === 0 ? (
        <p className="empty-state">{t('admin:noUsers')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin:colUser')}</th>
                <th scope="col">{t('admin:colPlatformId')}</th>
                <th scope="col">{t('admin:colApproval')}</th>
                <th scope="col">{t('admin:colRole')}</th>
                <th scope="col">{t('admin:colSessions')}</th>
                <th scope="col">{t('admin:colChatters')}</th>
                <th scope="col">{t('admin:colJoined')}</th>
                <th scope="col">{t('admin:colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id} data-username={user.username}>
                  <td>
                    <span className="admin-user">
                      <Avatar
                        src={user.profileImage}
                        displayName={user.displayName}
                        username={user.username}
                        size={28}
                      />
                      <span>
                        {nameOf(user)} {user.id === me?.id && t('admin:you')}
                      </span>
                    </span>
                  </td>
                  <td className="admin-mono">{user.twitchId}</td>
                  <td>
                    <span
                      className={`pill ${user.isApproved ? 'pill-active' : 'admin-pill-pending'}`}
                    >
                      {user.isApproved ? t('admin:approved') : t('admin:pending')}
                    </span>
                  </td>
                  <td>{user.isAdmin ? t('admin:roleAdmin') : t('admin:roleUser')}</td>
                  <td>{user._count.sessions}</td>
                  <td>{user._count.chatters}</td>
                  <td>
                    <time dateTime={user.createdAt}>
                      {new Date(user.createdAt).toLocaleDateString()}
                    </time>
                  </td>
                  <td>
                    <div className="admin-actions">
                      {user.isApproved ? (
                        <ActionButton
                          label={t('admin:reject')}
                          onClick={() => void act(user, 'reject')}
                        />
                      ) : (
                        <ActionButton
                          label={t('admin:approve')}
                          primary
                          onClick={() => void act(user, 'approve')}
                        />
                      )}
                      {user.isAdmin ? (
                        <ActionButton
                          label={t('admin:demote')}
                          onClick={() => void act(user, 'demote')}
                        />
                      ) : (
                        <ActionButton
                          label={t('admin:promote')}
                          onClick={() => void act(user, 'promote')}
                        />
                      )}
                      <ActionButton
                        label={t('admin:forceLogout')}
                        onClick={() => setConfirming({ action: 'force-logout', user })}
                      />
                      <ActionButton
                        label={t('admin:deleteUser')}
                        danger
                        onClick={() => setConfirming({ action: 'delete', user })}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {controls}
      <ConfirmDialog
        open={confirming?.action === 'force-logout'}
        title={t('admin:forceLogoutTitle')}
        confirmLabel={t('admin:forceLogout')}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      >
        <p>{t('admin:forceLogoutText', { name: confirming ? nameOf(confirming.user) : '' })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming?.action === 'delete'}
        title={t('admin:deleteTitle')}
        confirmLabel={t('admin:deleteUser')}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      >
        <p>{t('admin:deleteText', { name: confirming ? nameOf(confirming.user) : '' })}</p>
        <ul className="bullet-list">
          <li>{t('admin:deleteSessions', { count: confirming?.user._count.sessions ?? 0 })}</li>
          <li>{t('admin:deleteChatters', { count: confirming?.user._count.chatters ?? 0 })}</li>
        </ul>
        <p className="text-danger">{t('admin:deleteWarning')}</p>
      </ConfirmDialog>
    </section>
  );
}

function ActionButton(props: {
  label: string;
  onClick: () => void;
  primary?: boolean;
  danger?: boolean;
}) {
  const variant = props.danger
    ? 'button-danger'
    : props.primary
      ? 'button-primary'
      : 'button-secondary';
  return (
    <button type="button" className={`button button-small ${variant}`} onClick={props.onClick}>
      {props.label}
    </button>
  );
}
