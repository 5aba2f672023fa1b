-- Recovery (issue 26): the checkout sessions the buyer pages report, the reminders sent from them, the buyers who
-- opted out (per store and e-mail, kept after the sessions are gone) and the recovered figures per day and kind.
create table recovery_settings (
  store_id uuid primary key references stores (id) on delete cascade,
  enabled boolean not null default true,
  first_delay_minutes integer not null default 30 check (first_delay_minutes between 5 and 10080),
  second_delay_minutes integer not null default 1440 check (second_delay_minutes between 10 and 20160),
  updated_at timestamptz not null default now(),
  check (second_delay_minutes > first_delay_minutes)
);

create table checkout_sessions (
  -- chosen by the buyer's page (a random UUID kept in its sessionStorage)
  id uuid primary key,
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid not null,
  customer_name text,
  customer_email text,
  customer_phone text,
  step integer not null default 1 check (step between 1 and 3),
  -- what restores the page (customer, shipping address and method, bumps, coupon); never card data
  fields jsonb not null default '{}',
  -- the bumps as priced when reported: [{ id, name, priceCents }]
  bumps jsonb not null default '[]',
  value_cents bigint not null default 0 check (value_cents >= 0),
  tracking jsonb not null default '{}',
  -- LGPD: the consent box's text and when it was ticked; null when not (or no longer) ticked
  consent_at timestamptz,
  consent_text text,
  kind text not null default 'ABANDONED' check (kind in ('ABANDONED', 'REFUSED', 'EXPIRED')),
  status text not null default 'OPEN' check (status in ('OPEN', 'CONVERTED')),
  order_id uuid,
  -- reminders scheduled (once per session) from this moment
  scheduled_at timestamptz,
  -- became recoverable: the first delay passed without an order (checkout.abandoned published once)
  abandoned_at timestamptz,
  -- the recovery link was opened: an order paid from this session counts as recovered
  restored_at timestamptz,
  converted_at timestamptz,
  recovered_at timestamptz,
  recovered_cents bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index checkout_sessions_store_updated_idx on checkout_sessions (store_id, updated_at desc, id desc);
create index checkout_sessions_open_created_idx on checkout_sessions (created_at) where status = 'OPEN';
create index checkout_sessions_order_idx on checkout_sessions (order_id) where order_id is not null;

-- One row per (session, step), claimed before the send: several workers send each message once.
create table recovery_messages (
  session_id uuid not null references checkout_sessions (id) on delete cascade,
  step text not null check (step in ('FIRST', 'SECOND', 'REFUSED', 'EXPIRED')),
  store_id uuid not null,
  status text not null check (status in ('CLAIMED', 'SENT', 'SKIPPED', 'FAILED')),
  reason text,
  attempts integer not null default 0,
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text,
  primary key (session_id, step)
);

create table recovery_opt_outs (
  store_id uuid not null references stores (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  primary key (store_id, email)
);

create table recovery_daily (
  store_id uuid not null references stores (id) on delete cascade,
  day date not null,
  kind text not null check (kind in ('ABANDONED', 'REFUSED', 'EXPIRED')),
  orders integer not null default 0,
  revenue_cents bigint not null default 0,
  primary key (store_id, day, kind)
);
