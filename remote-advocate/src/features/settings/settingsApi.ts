import type { NotificationPreferences, ProfileView } from 'contract';
import { api } from 'shared-api';
import { requestBody } from 'shared-api/catalog';

/** GET/PUT advocate/profile/: what brands see of the advocate. */
export type AdvocateProfile = ProfileView;

export type ProfileText = Omit<AdvocateProfile, 'picture_url' | 'updated_at'>;

export interface ProfileSave {
  fields: ProfileText;
  /** A newly chosen picture; null keeps the stored one unless removePicture. */
  picture: File | null;
  removePicture: boolean;
}

/** The notification channels of GET/PUT user/notification-preferences/. */
export type { NotificationPreferences };

const PROFILE_TAG = { type: 'Advocate', id: 'MY_PROFILE' } as const;
const PREFERENCES_TAG = { type: 'User', id: 'NOTIFICATION_PREFERENCES' } as const;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdvocateProfile: build.query<AdvocateProfile, void>({
      query: () => 'advocate/profile/',
      providesTags: [PROFILE_TAG],
    }),
    /** The whole profile: a blank field is left out, which clears it on the server. */
    saveAdvocateProfile: build.mutation<AdvocateProfile, ProfileSave>({
      query: ({ fields, picture, removePicture }) => {
        const present = Object.fromEntries(
          Object.entries(fields)
            .map(([name, value]) => [name, value.trim()] as const)
            .filter(([, value]) => value !== ''),
        );
        return {
          url: 'advocate/profile/',
          method: 'PUT',
          body: requestBody(
            { ...present, ...(removePicture && !picture ? { remove_picture: true } : {}) },
            { picture },
          ),
        };
      },
      // The reply is the saved profile: the screen shows it without another request.
      async onQueryStarted(_save, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getAdvocateProfile', undefined, data));
        } catch {
          // The form shows the failure.
        }
      },
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => 'user/notification-preferences/',
      providesTags: [PREFERENCES_TAG],
    }),
    saveNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferences>({
      query: (preferences) => ({
        url: 'user/notification-preferences/',
        method: 'PUT',
        body: preferences,
      }),
      async onQueryStarted(_prefs, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getNotificationPreferences', undefined, data));
        } catch {
          // The toggle goes back and a toast says so.
        }
      },
    }),
  }),
});

export const {
  useGetAdvocateProfileQuery,
  useSaveAdvocateProfileMutation,
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} = settingsApi;
