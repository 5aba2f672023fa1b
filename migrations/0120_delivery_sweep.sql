-- The stale-claim sweeper looks for SENDING deliveries by claim age (src/platform/delivery-claim.ts).
create index if not exists utmfy_deliveries_sending_idx on utmfy_deliveries (claimed_at) where state = 'SENDING';
create index if not exists pixel_deliveries_sending_idx on pixel_deliveries (claimed_at) where state = 'SENDING';
-- A swept Conversions API event is sent again from its row: the checkout's product is part of its event.
alter table pixel_deliveries add column if not exists product_id text;
