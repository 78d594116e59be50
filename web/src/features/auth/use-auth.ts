import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { liveSocket } from '../live/live-socket';
import { authApi, useGetMeQuery, useLogoutMutation } from './auth-api';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export function useAuth() {
  const { data, isLoading, isUninitialized } = useGetMeQuery();
  const status: AuthStatus =
    isLoading || isUninitialized ? 'loading' : data ? 'authenticated' : 'unauthenticated';
  return { status, user: data ?? null };
}

/** Logs out: clears the user and goes to / even when the server call fails. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout failed', error);
    }
    liveSocket.disconnect();
    void dispatch(authApi.util.upsertQueryData('getMe', undefined, null));
    await navigate('/');
  }, [dispatch, logout, navigate]);
}
