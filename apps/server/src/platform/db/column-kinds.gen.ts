// Generated from the migrations by `npm run db:types` (scripts/db-types.ts): do not edit.
/** What a column holds where SQLite stores it in another form: 0/1 for a boolean, ISO 8601 text for a time. */
export type ColumnKind = 'bool' | 'timestamp';

/** The columns of each table that SQLite stores in another form (sqlite-values.ts reads them back). */
export const COLUMN_KINDS: Readonly<Record<string, Readonly<Record<string, ColumnKind>>>> = {
  audit_log: { created_at: 'timestamp' },
  blog_circular_reminders: { queued_at: 'timestamp' },
  blog_circular_versions: { created_at: 'timestamp' },
  blog_confirmations: { confirmed_at: 'timestamp' },
  blog_post_attachments: { created_at: 'timestamp', updated_at: 'timestamp' },
  blog_posts: { published_at: 'timestamp', display_on_dashboard: 'bool', created_at: 'timestamp', updated_at: 'timestamp', breaking_news_at: 'timestamp', confirmation_required: 'bool', confirmation_reminder_at: 'timestamp' },
  calendar_tokens: { created_at: 'timestamp' },
  content_categories: { show_in_quick_access: 'bool', created_at: 'timestamp', updated_at: 'timestamp' },
  content_items: { created_at: 'timestamp', updated_at: 'timestamp' },
  event_subscriptions: { status: 'bool', created_at: 'timestamp', updated_at: 'timestamp' },
  event_waitlist: { created_at: 'timestamp' },
  events: { start_at: 'timestamp', end_at: 'timestamp', teilnahmeausblenden: 'bool', external: 'bool', registration_deadline: 'timestamp', created_at: 'timestamp', updated_at: 'timestamp', waiting_list: 'bool' },
  forum_post_media: { created_at: 'timestamp' },
  forum_posts: { is_first: 'bool', created_at: 'timestamp', updated_at: 'timestamp' },
  forum_thread_readers: { following: 'bool', follow_chosen: 'bool', read_post_at: 'timestamp', mailed_at: 'timestamp' },
  forum_threads: { last_post_at: 'timestamp', created_at: 'timestamp', updated_at: 'timestamp' },
  forums: { created_at: 'timestamp', updated_at: 'timestamp' },
  job_leases: { locked_until: 'timestamp' },
  login_tokens: { expires_at: 'timestamp', used_at: 'timestamp', created_at: 'timestamp' },
  mail_outbox: { next_attempt_at: 'timestamp', locked_until: 'timestamp', sent_at: 'timestamp', created_at: 'timestamp', claim_expired_at: 'timestamp' },
  media_categories: { created_at: 'timestamp', updated_at: 'timestamp' },
  media_files: { created_at: 'timestamp', updated_at: 'timestamp' },
  notification_settings: { forum_replies: 'bool', digest_until: 'timestamp', updated_at: 'timestamp' },
  refresh_tokens: { expires_at: 'timestamp', used_at: 'timestamp', revoked_at: 'timestamp', created_at: 'timestamp' },
  search_documents: { dated_at: 'timestamp' },
  search_synonyms: { created_at: 'timestamp', updated_at: 'timestamp' },
  sessions: { created_at: 'timestamp', revoked_at: 'timestamp' },
  settings: { updated_at: 'timestamp' },
  upload_intents: { created_at: 'timestamp' },
  user_groups: { internal: 'bool', is_default: 'bool', created_at: 'timestamp' },
  users: { disabled: 'bool', created_at: 'timestamp', updated_at: 'timestamp', forum_read_from: 'timestamp', last_login_at: 'timestamp', erased_at: 'timestamp' },
};
