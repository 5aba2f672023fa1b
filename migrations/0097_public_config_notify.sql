-- The api keeps the buyer's public configuration reads (checkout look, shipping options, payment methods, pixel) in memory
-- (src/platform/public-config-cache.ts). Any change to what they are made of tells every api process to drop them:
-- one notification per statement, delivered when its transaction commits, whatever code path made the change.
create or replace function notify_public_config_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('public_config_changed', '');
  return null;
end
$$;

create trigger stores_public_config_changed after insert or update or delete on stores
  for each statement execute function notify_public_config_changed();
create trigger checkout_customizations_public_config_changed after insert or update or delete on checkout_customizations
  for each statement execute function notify_public_config_changed();
create trigger shipping_options_public_config_changed after insert or update or delete on shipping_options
  for each statement execute function notify_public_config_changed();
create trigger payment_configs_public_config_changed after insert or update or delete on payment_configs
  for each statement execute function notify_public_config_changed();
create trigger pixel_configs_public_config_changed after insert or update or delete on pixel_configs
  for each statement execute function notify_public_config_changed();
