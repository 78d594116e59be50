import type {
  GlobalEditorDto,
  GlobalEditorInviteDto,
  IgnoredUserDto,
  RemovedAnswer,
  UserDeletedAnswer,
  UserDto,
  UserExistsAnswer,
  UserImportedAnswer,
  UserSearchResponse,
  UserSettingsDto,
} from '@greetboard/contracts/wire';
import { serverErrorCode } from '../../app/api-errors';
import { apiSlice } from '../../app/api-slice';
import { settingsApi } from './settings-api';

/**
 * What only the settings screen asks for: settings updates, ignore list, editors and invites, user search and
 * import, account deletion. Apart from settings-api so the overlay's bundle stays small.
 */

/** The user of an import refused because the user was in the database already (a 409). */
export function existingUserOf(error: unknown): UserDto | undefined {
  if (serverErrorCode(error) !== 'USER_ALREADY_EXISTS') return undefined;
  return (error as { data: UserExistsAnswer }).data.user;
}

const withSettingsTags = apiSlice.enhanceEndpoints({
  addTagTypes: ['IgnoredUsers', 'GlobalEditors', 'EditorInvites'],
});

export const settingsListsApi = withSettingsTags.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The spec sends the full settings object (stored settings merged with the change). The
     * cache changes at once and goes back if the server refuses.
     */
    updateSettings: build.mutation<UserSettingsDto, Partial<UserSettingsDto>>({
      query: (settings) => ({ url: '/api/settings', method: 'PUT', body: settings }),
      async onQueryStarted(settings, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('getSettings', undefined, (draft) => {
            Object.assign(draft, settings);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          void dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
    getIgnoredUsers: build.query<IgnoredUserDto[], void>({
      query: () => '/api/ignored-users',
      providesTags: ['IgnoredUsers'],
    }),
    addIgnoredUser: build.mutation<IgnoredUserDto, { username: string; reason?: string }>({
      query: (body) => ({ url: '/api/ignored-users', method: 'POST', body }),
      invalidatesTags: ['IgnoredUsers'],
    }),
    removeIgnoredUser: build.mutation<RemovedAnswer, string>({
      query: (id) => ({ url: `/api/ignored-users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['IgnoredUsers'],
    }),
    getGlobalEditors: build.query<GlobalEditorDto[], void>({
      query: () => '/api/global-editors',
      providesTags: ['GlobalEditors'],
    }),
    getEditorInvites: build.query<GlobalEditorInviteDto[], void>({
      query: () => '/api/global-editor-invites',
      providesTags: ['EditorInvites'],
    }),
    inviteEditor: build.mutation<GlobalEditorInviteDto, string>({
      query: (username) => ({
        url: '/api/global-editors/invite',
        method: 'POST',
        body: { username, role: 'editor' },
      }),
      invalidatesTags: ['EditorInvites'],
    }),
    removeEditor: build.mutation<RemovedAnswer, string>({
      query: (id) => ({ url: `/api/global-editors/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['GlobalEditors', 'Sessions'],
    }),
    /** Either answer reloads both lists; accepting also brings the owner's sessions. */
    answerInvite: build.mutation<
      GlobalEditorInviteDto,
      { id: string; status: 'accepted' | 'declined' }
    >({
      query: ({ id, status }) => ({
        url: `/api/global-editor-invites/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: ['EditorInvites', 'GlobalEditors', 'Sessions'],
    }),
    searchUser: build.mutation<UserSearchResponse, string>({
      query: (username) => `/api/twitch/search-user?username=${encodeURIComponent(username)}`,
    }),
    /** A user already in the database is refused with a 409 that carries it: existingUserOf. */
    importUser: build.mutation<UserImportedAnswer, string>({
      query: (username) => ({ url: '/api/twitch/import-user', method: 'POST', body: { username } }),
    }),
    deleteAccount: build.mutation<UserDeletedAnswer, void>({
      query: () => ({ url: '/api/account', method: 'DELETE' }),
    }),
  }),
});

export const {
  useUpdateSettingsMutation,
  useGetIgnoredUsersQuery,
  useAddIgnoredUserMutation,
  useRemoveIgnoredUserMutation,
  useGetGlobalEditorsQuery,
  useGetEditorInvitesQuery,
  useInviteEditorMutation,
  useRemoveEditorMutation,
  useAnswerInviteMutation,
  useSearchUserMutation,
  useImportUserMutation,
  useDeleteAccountMutation,
} = settingsListsApi;
