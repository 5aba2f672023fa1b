-- Facebook Pixel per store (spec 002 §3): the Conversions API access token encrypted at rest (AES-256-GCM,
-- src/platform/crypto.ts) with its masked form; the event toggles; Meta's optional test event code.
create table pixel_configs (
  store_id uuid primary key references stores (id) on delete cascade,
  pixel_id text not null default '',
  access_token_encrypted text,
  access_token_masked text,
  active boolean not null default false,
  track_page_view boolean not null default true,
  track_add_to_cart boolean not null default true,
  track_initiate_checkout boolean not null default true,
  track_purchase boolean not null default true,
  track_lead boolean not null default false,
  track_complete_registration boolean not null default false,
  test_event_code text,
  updated_at timestamptz not null default now()
);

-- One row per order and server event: the unique key makes a job that runs twice send once; the rows are also the
-- merchant's delivery log. order_id names an ordering order (read through orderingService).
create table pixel_deliveries (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_id uuid not null,
  order_number text not null,
  event_name text not null check (event_name in ('InitiateCheckout', 'Purchase')),
  event_id text not null,
  state text not null default 'SENDING' check (state in ('SENDING', 'RETRY', 'SENT', 'FAILED', 'SKIPPED')),
  attempts integer not null default 0,
  http_status integer,
  error text,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, event_name)
);
create index pixel_deliveries_store_created_idx on pixel_deliveries (store_id, created_at desc);
