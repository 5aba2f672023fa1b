-- One-click upsell funnels (issue 34): a merchant's graph of offers shown on the order page after payment.
-- steps: [{ key, kind, productId, priceCents, headline, description, maxInstallments, onAccept, onDecline }], checked
-- on save (src/shared/funnels.ts); the first step is the entry.
create table funnels (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  active boolean not null default true,
  trigger_product_ids uuid[] not null default '{}',
  steps jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index funnels_store on funnels (store_id, created_at desc);

-- Where a paid order's buyer stands in a funnel: one row per parent order (its primary key), the current step (null:
-- ended) and when its window closes (30 minutes after the parent was paid).
create table funnel_sessions (
  parent_order_id uuid primary key references orders (id) on delete cascade,
  funnel_id uuid not null references funnels (id) on delete cascade,
  store_id uuid not null,
  current_step text,
  -- the one line shown after the card was refused on the step before
  notice text,
  closes_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- What happened at each step of each session: a view once, then an accept or a decline. The primary key is the
-- concurrency rule: five taps on 'Sim, quero!' insert one ACCEPT row, so one child order and one charge.
create table funnel_step_events (
  parent_order_id uuid not null references orders (id) on delete cascade,
  step_key text not null,
  kind text not null check (kind in ('VIEW', 'ACCEPT', 'DECLINE')),
  funnel_id uuid not null references funnels (id) on delete cascade,
  -- ACCEPT: the child order (its id chosen before it is placed), its outcome and what it paid (order.paid)
  child_order_id uuid,
  outcome text check (outcome in ('PLACING', 'PLACED', 'REFUSED')),
  paid_cents bigint not null default 0,
  created_at timestamptz not null default now(),
  primary key (parent_order_id, step_key, kind)
);
create index funnel_step_events_funnel on funnel_step_events (funnel_id, step_key);
create index funnel_step_events_child on funnel_step_events (child_order_id) where child_order_id is not null;
