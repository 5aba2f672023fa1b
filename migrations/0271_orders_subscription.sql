-- Each paid cycle of a subscription is an order (issue 36): the order names its subscription and cycle, and the
-- checkout's order names the plan it subscribes to.
alter table orders add column subscription_id uuid;
alter table orders add column cycle_number integer;
alter table orders add column plan_id uuid;
create index orders_subscription_idx on orders (subscription_id) where subscription_id is not null;
-- one order per cycle: a scanner that runs twice finds the order the first run made
create unique index orders_subscription_cycle_key on orders (subscription_id, cycle_number)
  where subscription_id is not null;
