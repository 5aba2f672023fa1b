-- Subscriptions (issue 36): plans of a product, subscriptions, one cycle per period, the attempts to charge a cycle,
-- an append-only event history, the store's dunning rules and the sandbox stores' test clocks. The schedule lives
-- here; the gateway only moves money.

create table subscription_plans (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid not null,
  name text not null,
  interval_unit text not null check (interval_unit in ('WEEK', 'MONTH', 'YEAR')),
  interval_count integer not null check (interval_count >= 1),
  price_cents bigint not null check (price_cents > 0),
  trial_days integer not null default 0 check (trial_days between 0 and 365),
  max_cycles integer check (max_cycles is null or max_cycles >= 1),
  methods jsonb not null,
  active boolean not null default true,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscription_plans_product_idx on subscription_plans (store_id, product_id) where deleted_at is null;

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  plan_id uuid not null references subscription_plans (id),
  product_id uuid not null,
  status text not null check (status in
    ('INCOMPLETE', 'INCOMPLETE_EXPIRED', 'TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED')),
  method text not null check (method in ('credit_card', 'pix_automatic', 'pix', 'bank_slip')),
  -- the plan's terms when subscribed: a later plan edit does not change what this buyer pays
  price_cents bigint not null,
  interval_unit text not null,
  interval_count integer not null,
  max_cycles integer,
  customer_name text not null,
  customer_email text not null,
  customer_phone text not null default '',
  customer_document text not null default '',
  -- the first order: later renewals copy its customer data
  first_order_id uuid not null unique,
  -- the anchor: every period starts at anchor + n intervals (day of month kept, clamped to the month's end)
  anchor_at timestamptz not null,
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  trial_end timestamptz,
  -- end of the last paid period + the store's grace days
  access_until timestamptz,
  cancel_at_period_end boolean not null default false,
  canceled_at timestamptz,
  past_due_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscriptions_store_idx on subscriptions (store_id, created_at desc);
create index subscriptions_status_idx on subscriptions (store_id, status);
create index subscriptions_email_idx on subscriptions (lower(customer_email));

create table subscription_cycles (
  id uuid primary key default gen_random_uuid(),
  subscription_id uuid not null references subscriptions (id) on delete cascade,
  store_id uuid not null,
  number integer not null check (number >= 1),
  status text not null check (status in ('SCHEDULED', 'PENDING', 'PAID', 'FAILED', 'CANCELED')),
  period_start timestamptz not null,
  period_end timestamptz not null,
  due_at timestamptz not null,
  amount_cents bigint not null,
  order_id uuid,
  paid_at timestamptz,
  -- when the scanner picks the cycle next (the due date, then each retry); null: nothing to do
  next_attempt_at timestamptz,
  -- retries made so far after the first attempt
  retries integer not null default 0,
  -- a scanner's claim on the cycle in real time: another scanner skips it until then (a killed worker's claim lapses)
  lease_until timestamptz,
  unique (subscription_id, number)
);
create index subscription_cycles_due_idx on subscription_cycles (next_attempt_at) where next_attempt_at is not null;
create index subscription_cycles_store_due_idx on subscription_cycles (store_id, next_attempt_at)
  where next_attempt_at is not null;
create index subscription_cycles_order_idx on subscription_cycles (order_id) where order_id is not null;

create table subscription_attempts (
  id uuid primary key default gen_random_uuid(),
  cycle_id uuid not null references subscription_cycles (id) on delete cascade,
  number integer not null,
  -- subscription:cycle:attempt — one gateway call per key, ever
  idempotency_key text not null unique,
  status text not null check (status in ('PENDING', 'PAID', 'SOFT_DECLINED', 'HARD_DECLINED', 'UNKNOWN', 'WAITING')),
  method text not null,
  amount_cents bigint not null,
  transaction_id uuid,
  decline_reason text,
  created_at timestamptz not null,
  finished_at timestamptz,
  unique (cycle_id, number)
);
-- at most one paid attempt per cycle, whatever the workers do
create unique index subscription_attempts_one_paid on subscription_attempts (cycle_id) where status = 'PAID';

create table subscription_events (
  id bigserial primary key,
  subscription_id uuid not null references subscriptions (id) on delete cascade,
  type text not null,
  data jsonb not null default '{}',
  at timestamptz not null
);
create index subscription_events_sub_idx on subscription_events (subscription_id, id);

create table subscription_dunning (
  store_id uuid primary key references stores (id) on delete cascade,
  retry_days jsonb not null,
  cancel_after_days integer not null,
  grace_days integer not null default 0,
  updated_at timestamptz not null default now()
);

create table subscription_test_clocks (
  store_id uuid primary key references stores (id) on delete cascade,
  now timestamptz not null,
  updated_at timestamptz not null default now()
);
