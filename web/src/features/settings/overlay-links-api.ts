import type {
  CreatedOverlayLinkDto,
  OverlayAccess,
  OverlayLinkDto,
  OverlayLinkLook,
} from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

const withLinkTags = apiSlice.enhanceEndpoints({ addTagTypes: ['OverlayLinks'] });

/** The settings' OBS box: the streamer's overlay links (ADR 0029). */
export const overlayLinksApi = withLinkTags.injectEndpoints({
  endpoints: (build) => ({
    getOverlayLinks: build.query<OverlayLinkDto[], void>({
      query: () => '/api/overlay-links',
      providesTags: ['OverlayLinks'],
    }),
    /** Makes the link of that access; the one it replaces stops at once. */
    createOverlayLink: build.mutation<CreatedOverlayLinkDto, OverlayAccess>({
      query: (access) => ({ url: '/api/overlay-links', method: 'POST', body: { access } }),
      invalidatesTags: ['OverlayLinks'],
    }),
    /** Changes a link's look (ADR 0056); its address keeps working. */
    updateOverlayLink: build.mutation<OverlayLinkDto, { id: string } & Partial<OverlayLinkLook>>({
      query: ({ id, ...change }) => ({
        url: `/api/overlay-links/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: change,
      }),
      invalidatesTags: ['OverlayLinks'],
    }),
    revokeOverlayLink: build.mutation<{ revoked: true }, string>({
      query: (id) => ({ url: `/api/overlay-links/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['OverlayLinks'],
    }),
  }),
});

export const {
  useGetOverlayLinksQuery,
  useCreateOverlayLinkMutation,
  useRevokeOverlayLinkMutation,
  useUpdateOverlayLinkMutation,
} = overlayLinksApi;

/** The address an OBS browser source opens: the token in the fragment, never sent to servers. */
export function overlayLinkUrl(origin: string, token: string): string {
  return `${origin}/obs#token=${token}`;
}
