import type {
  AdminOverviewDto,
  AdminUserDto,
  SessionDto,
  SystemStatusDto,
  UserActionAnswer,
  UserDeletedAnswer,
} from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';
import { liveSocket } from '../live/live-socket';

export type UserAction = 'approve' | 'reject' | 'promote' | 'demote' | 'force-logout';

const adminSlice = apiSlice.enhanceEndpoints({
  addTagTypes: ['AdminOverview', 'AdminUsers', 'AdminSessions'],
});

/** The admin panel's calls. Lists are cached and refreshed after actions. */
export const adminApi = adminSlice.injectEndpoints({
  endpoints: (build) => ({
    getAdminOverview: build.query<AdminOverviewDto, void>({
      query: () => '/api/admin/overview',
      providesTags: ['AdminOverview'],
      // Users waiting for approval reach every open admin page live (admin_pending_users).
      // The page listens from the start: the overview asks every replica for its status and
      // takes a moment, and a user who signs in meanwhile may be counted in it or not, so an
      // event that arrives before it loaded asks for the overview again once it has.
      async onCacheEntryAdded(_arg, api) {
        let loaded = false;
        let missed = false;
        const unsubscribe = liveSocket.subscribe((event) => {
          if (event.type !== 'admin_pending_users') return;
          api.dispatch(adminApi.util.invalidateTags(['AdminUsers']));
          if (!loaded) {
            missed = true;
            return;
          }
          api.updateCachedData((draft) => {
            draft.pendingUsers = event.payload.pendingUsers;
          });
        });
        try {
          await api.cacheDataLoaded;
          loaded = true;
          if (missed) api.dispatch(adminApi.util.invalidateTags(['AdminOverview']));
          await api.cacheEntryRemoved;
        } catch {
          // The entry was removed before its data loaded.
        }
        unsubscribe();
      },
    }),
    getSystemStatus: build.query<SystemStatusDto, void>({
      query: () => '/api/admin/system-status',
    }),
    getAdminSessions: build.query<SessionDto[], void>({
      query: () => '/api/admin/sessions',
      providesTags: ['AdminSessions'],
    }),
    getAdminUsers: build.query<AdminUserDto[], void>({
      query: () => '/api/admin/users',
      providesTags: ['AdminUsers'],
    }),
    forceStopSession: build.mutation<SessionDto, string>({
      query: (id) => ({
        url: `/api/admin/sessions/${encodeURIComponent(id)}/force-stop`,
        method: 'POST',
      }),
      invalidatesTags: ['AdminSessions'],
    }),
    administerUser: build.mutation<UserActionAnswer, { id: string; action: UserAction }>({
      query: ({ id, action }) => ({
        url: `/api/admin/users/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    deleteUser: build.mutation<UserDeletedAnswer, string>({
      query: (id) => ({ url: `/api/admin/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminUsers', 'AdminSessions'],
    }),
  }),
});

export const {
  useGetAdminOverviewQuery,
  useGetSystemStatusQuery,
  useGetAdminSessionsQuery,
  useGetAdminUsersQuery,
  useForceStopSessionMutation,
  useAdministerUserMutation,
  useDeleteUserMutation,
} = adminApi;
