-- A refused card attempt is not an order (issue 26). The refused charge is recorded as an attempt of the checkout
-- (shown as 'Recusado' where attempts are listed) and the order row goes away, so order counts, conversion, ticket,
-- recent transactions, rollups and bump conversions never see it.
create table checkout_attempts (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid,
  status text not null default 'REFUSED' check (status in ('REFUSED')),
  customer_name text not null,
  customer_email text not null,
  customer_phone text not null,
  total_cents bigint not null check (total_cents >= 0),
  payment_method text not null,
  -- the refused charge (payments' transaction id); never card data
  transaction_id text,
  -- [{ productId, name, quantity, unitPriceCents, bumpId? }]
  items jsonb not null default '[]',
  tracking jsonb not null default '{}',
  checkout_session_id uuid,
  created_at timestamptz not null default now()
);
create index checkout_attempts_store_created_idx on checkout_attempts (store_id, created_at desc);
create index checkout_attempts_session_idx on checkout_attempts (checkout_session_id) where checkout_session_id is not null;

-- The checkout session (recovery) the order was placed from, carried in its events.
alter table orders add column checkout_session_id uuid;

-- Existing orders cancelled because their card was refused become attempts: their order's rollup contribution and
-- bump conversions are taken back, and the order rows are deleted (items cascade).
create temporary table refused_orders on commit drop as
select o.id, o.store_id, o.customer_name, o.customer_email, o.customer_phone, o.total_cents, o.payment_method,
       o.transaction_id, o.tracking, o.created_at
from orders o
join payment_transactions t on t.id::text = o.transaction_id
where o.status = 'CANCELLED' and o.payment_method = 'CREDIT_CARD' and t.status = 'REFUSED' and o.paid_at is null
  and o.paid_after_cancel_at is null;

insert into checkout_attempts (store_id, product_id, customer_name, customer_email, customer_phone, total_cents,
                               payment_method, transaction_id, items, tracking, created_at)
select r.store_id,
       (select i.product_id from order_items i where i.order_id = r.id and i.bump_id is null limit 1),
       r.customer_name, r.customer_email, r.customer_phone, r.total_cents, r.payment_method, r.transaction_id,
       coalesce((select jsonb_agg(jsonb_build_object('productId', i.product_id, 'name', i.name, 'quantity', i.quantity,
                                                     'unitPriceCents', i.unit_price_cents, 'bumpId', i.bump_id))
                 from order_items i where i.order_id = r.id), '[]'::jsonb),
       r.tracking, r.created_at
from refused_orders r;

with gone as (
  delete from reporting_order_facts f using refused_orders r where f.order_id = r.id
  returning f.store_id, f.day, f.payment_method, f.status, f.total_cents
), per_key as (
  select store_id, day, payment_method, status, count(*)::int as n, sum(total_cents)::bigint as cents
  from gone group by 1, 2, 3, 4
)
update reporting_daily d set orders = d.orders - p.n, total_cents = d.total_cents - p.cents
from per_key p
where d.store_id = p.store_id and d.day = p.day and d.payment_method = p.payment_method and d.status = p.status;

with gone as (
  delete from order_bump_orders b using refused_orders r where b.order_id = r.id and b.placed_counted
  returning b.bump_id, b.revenue_cents
), per_bump as (
  select bump_id, count(*)::int as n, sum(revenue_cents)::bigint as cents from gone group by 1
)
update order_bumps ob set conversion_count = greatest(ob.conversion_count - p.n, 0),
                          revenue_cents = greatest(ob.revenue_cents - p.cents, 0)
from per_bump p where ob.id = p.bump_id;
delete from order_bump_orders b using refused_orders r where b.order_id = r.id;

update order_idempotency_keys k set order_id = null from refused_orders r where k.order_id = r.id;
delete from orders o using refused_orders r where o.id = r.id;
