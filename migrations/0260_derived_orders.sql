-- Derived orders (ordering/derived-order.ts): an order placed on a buyer's behalf from an earlier order of theirs — a
-- one-click upsell of a funnel, later a subscription's renewal. `derived_key` names why it was placed (a funnel step,
-- a renewal cycle) and the unique index makes "one child per (parent, reason)" a rule of the database, so concurrent
-- requests can never charge twice. A refused card's child is deleted like any refused order (attempts.ts), which
-- frees its key.
alter table orders add column parent_order_id uuid references orders(id) on delete set null;
alter table orders add column derived_key text;
create unique index orders_parent_derived_key on orders (parent_order_id, derived_key) where parent_order_id is not null;
