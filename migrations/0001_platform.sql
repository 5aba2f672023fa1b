-- Transactional outbox: a state change and the event announcing it commit together.
create table outbox (
  id uuid primary key default gen_random_uuid(),
  event text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  relayed_at timestamptz
);
create index outbox_pending_idx on outbox (created_at) where relayed_at is null;

-- The embedded-mode job queue (BullMQ on Redis replaces it in production).
create table jobs (
  id text primary key,
  name text not null,
  data jsonb,
  status text not null default 'waiting' check (status in ('waiting', 'active', 'completed', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  run_at timestamptz not null default now(),
  last_error text,
  result jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index jobs_ready_idx on jobs (run_at) where status = 'waiting';
