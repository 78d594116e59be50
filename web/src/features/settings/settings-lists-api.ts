import type {
  GlobalEditorDto,
  GlobalEditorInviteDto,
  IgnoredUserDto,
  UserDto,
  UserSearchResponse,
} from '@greetboard/contracts';
import { apiSlice } from '../../app/api-slice';
import { settingsApi, type UserSettings } from './settings-api';

/**
 * What only the settings screen asks for: settings updates, ignore list, editors and invites, user search and
 * import, account deletion. Apart from settings-api so the overlay's bundle stays small.
 */

export interface ImportUserResult {
  message?: string;
  error?: string;
  user: UserDto;
}

export interface DeleteAccountResult {
  deletedData: { sessions: number; chatters: number };
}

const asList = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

const withSettingsTags = apiSlice.enhanceEndpoints({
  addTagTypes: ['IgnoredUsers', 'GlobalEditors', 'EditorInvites'],
});

export const settingsListsApi = withSettingsTags.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The spec sends the full settings object (stored settings merged with the change). The
     * cache changes at once and goes back if the server refuses.
     */
    updateSettings: build.mutation<Partial<UserSettings>, Partial<UserSettings>>({
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
      transformResponse: asList<IgnoredUserDto>,
      providesTags: ['IgnoredUsers'],
    }),
    addIgnoredUser: build.mutation<IgnoredUserDto, { username: string; reason?: string }>({
      query: (body) => ({ url: '/api/ignored-users', method: 'POST', body }),
      invalidatesTags: ['IgnoredUsers'],
    }),
    removeIgnoredUser: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/ignored-users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['IgnoredUsers'],
    }),
    getGlobalEditors: build.query<GlobalEditorDto[], void>({
      query: () => '/api/global-editors',
      transformResponse: asList<GlobalEditorDto>,
      providesTags: ['GlobalEditors'],
    }),
    getEditorInvites: build.query<GlobalEditorInviteDto[], void>({
      query: () => '/api/global-editor-invites',
      transformResponse: asList<GlobalEditorInviteDto>,
      providesTags: ['EditorInvites'],
    }),
    inviteEditor: build.mutation<unknown, string>({
      query: (username) => ({
        url: '/api/global-editors/invite',
        method: 'POST',
        body: { username, role: 'editor' },
      }),
      invalidatesTags: ['EditorInvites'],
    }),
    removeEditor: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/global-editors/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['GlobalEditors', 'Sessions'],
    }),
    /** Either answer reloads both lists; accepting also brings the owner's sessions. */
    answerInvite: build.mutation<unknown, { id: string; status: 'accepted' | 'declined' }>({
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
    importUser: build.mutation<ImportUserResult, string>({
      query: (username) => ({ url: '/api/twitch/import-user', method: 'POST', body: { username } }),
    }),
    deleteAccount: build.mutation<DeleteAccountResult, void>({
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
