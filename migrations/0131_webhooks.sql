-- Merchant webhooks (integrations): endpoints a store registers, and one delivery row per (endpoint, event), claimed
-- before each attempt (src/platform/delivery-claim.ts), its webhook-id stable across retries and resends.
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  url text not null,
  events text[] not null,
  description text,
  secret_encrypted text not null,
  secret_hint text not null,
  -- After a rotation the old secret still signs, beside the new one, until previous_secret_until.
  previous_secret_encrypted text,
  previous_secret_until timestamptz,
  active boolean not null default true,
  disabled_at timestamptz,
  disabled_reason text,
  -- Since when every delivery failed (cleared by a success): 3 days of it disable the endpoint.
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_store_idx on webhook_endpoints (store_id, created_at);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  store_id uuid not null,
  -- The outbox event it announces (or test-<uuid> for 'Enviar teste').
  event_id text not null,
  event_type text not null,
  -- The exact body sent on every attempt: a retry carries the same message.
  body text not null,
  state text not null default 'PENDING',
  attempts integer not null default 0,
  claimed_at timestamptz,
  http_status integer,
  error text,
  duration_ms integer,
  response_excerpt text,
  sent_at timestamptz,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_log_idx on webhook_deliveries (endpoint_id, created_at desc);
create index webhook_deliveries_claimed_idx on webhook_deliveries (claimed_at) where state = 'SENDING';
create index webhook_deliveries_retry_idx on webhook_deliveries (next_attempt_at) where state = 'RETRY';
