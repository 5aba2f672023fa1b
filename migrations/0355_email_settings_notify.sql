-- The job handlers keep each store's e-mail settings in memory beside its look (src/platform/settings-cache.ts), and
-- drop them on the public configuration's channel (0097: stores, checkout_customizations, …). A save of the e-mail
-- settings says so on the same channel, whatever code path made it.
create trigger email_settings_public_config_changed after insert or update or delete on email_settings
  for each statement execute function notify_public_config_changed();
