/** Notification settings through the API (issue 17), as the settings screen reads and saves them. */
import { FORUM_API, NOTIFICATIONS_API, type TNotificationSettings } from '@portal/contract';
import { ApiClient } from './api-client.ts';

export class NotificationsApi extends ApiClient {
  settings(): Promise<TNotificationSettings> {
    return this.get<TNotificationSettings>(NOTIFICATIONS_API.settings);
  }

  saveSettings(settings: TNotificationSettings): Promise<TNotificationSettings> {
    return this.put<TNotificationSettings>(NOTIFICATIONS_API.settings, settings);
  }

  /** 'Neu im Forum': how many threads hold posts this member has not seen. */
  async unreadThreads(): Promise<number> {
    return (await this.get<{ threads: number }>(FORUM_API.unread)).threads;
  }

  async following(threadId: number): Promise<boolean> {
    return (await this.get<{ following: boolean }>(`${FORUM_API.thread(threadId)}?page=1`)).following;
  }
}
