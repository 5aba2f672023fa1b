-- UTMify per store: the API token encrypted at rest (AES-256-GCM, src/platform/crypto.ts) and its masked form.
create table utmfy_configs (
  store_id uuid primary key references stores (id) on delete cascade,
  api_key_encrypted text,
  api_key_masked text,
  active boolean not null default false,
  updated_at timestamptz not null default now()
);

-- One row per order and UTMify status: the unique key makes a job that runs twice send once; the rows are also the
-- merchant's delivery log. order_id names an ordering order (read through orderingService), or a simulated sale.
create table utmfy_deliveries (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  order_id text not null,
  order_number text not null,
  status text not null check (status in ('waiting_payment', 'paid', 'refused', 'refunded', 'chargedback')),
  state text not null default 'PENDING' check (state in ('PENDING', 'SENDING', 'RETRY', 'SENT', 'FAILED', 'SKIPPED')),
  attempts integer not null default 0,
  http_status integer,
  error text,
  is_test boolean not null default false,
  claimed_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, status)
);
create index utmfy_deliveries_store_created_idx on utmfy_deliveries (store_id, created_at desc);
