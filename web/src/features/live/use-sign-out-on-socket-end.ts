import { useEffect } from 'react';
import { apiSlice } from '../../app/api-slice';
import { useAppDispatch } from '../../app/hooks';
import { liveSocket } from './live-socket';
import { isLeavingAfterRejection } from './leaving-after-rejection';

/** The gateway closes a signed-out user's sockets with this code (force logout, rejection). */
export const SIGNED_OUT_CLOSE_CODE = 4001;

/**
 * When the server ends the live socket because the user's login sessions ended (an admin's
 * force logout), the page asks who is signed in, finds nobody and leaves for /. Lives with the
 * signed-in shell, not the main bundle, to keep the overlay within its budget.
 */
export function useSignOutOnSocketEnd() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    liveSocket.onClose = (code) => {
      // Signed out: /auth/me now answers nobody, and the signed-out page stops the socket.
      // A rejection leaves on its own once its toast was read.
      if (code === SIGNED_OUT_CLOSE_CODE && !isLeavingAfterRejection())
        dispatch(apiSlice.util.invalidateTags(['Me']));
    };
    return () => {
      liveSocket.onClose = undefined;
    };
  }, [dispatch]);
}
