-- Orders list: keyset pages newest first, (created_at, id) breaking ties; one per filter the orders page offers.
create index orders_store_created_id_idx on orders (store_id, created_at desc, id desc);
drop index if exists orders_store_created_idx;
create index orders_store_status_created_id_idx on orders (store_id, status, created_at desc, id desc);
drop index if exists orders_store_status_created_idx;
create index orders_store_method_created_id_idx on orders (store_id, payment_method, created_at desc, id desc);

-- Reporting read model, kept by the ordering events in the worker and rebuilt from the orders table on demand.
-- What each order last contributed to the rollups: a handler applies (current state - recorded state), so a
-- repeated, late or out-of-order event changes nothing twice.
create table reporting_order_facts (
  order_id uuid primary key,
  store_id uuid not null,
  -- the São Paulo calendar day the order was placed
  day date not null,
  payment_method text not null,
  status text not null,
  total_cents bigint not null,
  customer_email text not null,
  last_event_id text,
  updated_at timestamptz not null default now()
);
create index reporting_order_facts_customer_idx on reporting_order_facts (store_id, customer_email);
create index reporting_order_facts_day_idx on reporting_order_facts (store_id, day);

-- Orders and money per store, São Paulo day, payment method and status: every dashboard period reads days.
create table reporting_daily (
  store_id uuid not null,
  day date not null,
  payment_method text not null,
  status text not null,
  orders integer not null default 0,
  total_cents bigint not null default 0,
  primary key (store_id, day, payment_method, status)
);
create index reporting_daily_day_idx on reporting_daily (day);

-- One row per store and buyer (cancelled orders aside): first and last day and order count.
create table reporting_customers (
  store_id uuid not null,
  customer_email text not null,
  orders integer not null,
  first_day date not null,
  last_day date not null,
  primary key (store_id, customer_email)
);

-- Per store and day: how many buyers had their last (first) order that day, and how many of those bought twice or
-- more. Buyers active since day D = sum of last_seen over days >= D: distinct customers without scanning history.
create table reporting_customer_days (
  store_id uuid not null,
  day date not null,
  last_seen integer not null default 0,
  returning_last_seen integer not null default 0,
  first_seen integer not null default 0,
  primary key (store_id, day)
);

-- Orders placed before this migration: the same computation as `npm run rollups:rebuild`.
insert into reporting_order_facts (order_id, store_id, day, payment_method, status, total_cents, customer_email, last_event_id)
select id, store_id, (created_at at time zone 'America/Sao_Paulo')::date, payment_method, status, total_cents,
       customer_email, 'migration'
from orders;
insert into reporting_daily (store_id, day, payment_method, status, orders, total_cents)
select store_id, day, payment_method, status, count(*), sum(total_cents) from reporting_order_facts group by 1, 2, 3, 4;
insert into reporting_customers (store_id, customer_email, orders, first_day, last_day)
select store_id, customer_email, count(*), min(day), max(day)
from reporting_order_facts where status <> 'CANCELLED' group by 1, 2;
insert into reporting_customer_days (store_id, day, last_seen, returning_last_seen, first_seen)
select store_id, day, sum(l), sum(r), sum(f) from (
  select store_id, last_day as day, 1 as l, (orders >= 2)::int as r, 0 as f from reporting_customers
  union all
  select store_id, first_day, 0, 0, 1 from reporting_customers
) x group by 1, 2;
