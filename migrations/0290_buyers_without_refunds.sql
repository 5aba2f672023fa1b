-- Issue 38: the buyer counters leave wholly refunded orders out, as revenue does. The facts are unchanged; the
-- counters derived from them are recomputed once with the new rule (the same statements as the rollup rebuild).
delete from reporting_customer_days;
delete from reporting_customers;
insert into reporting_customers (store_id, customer_email, orders, first_day, last_day)
select store_id, customer_email, count(*), min(day), max(day)
from reporting_order_facts where status not in ('CANCELLED', 'REFUNDED') group by 1, 2;
insert into reporting_customer_days (store_id, day, last_seen, returning_last_seen, first_seen)
select store_id, day, sum(l), sum(r), sum(f) from (
  select store_id, last_day as day, 1 as l, (orders >= 2)::int as r, 0 as f from reporting_customers
  union all
  select store_id, first_day, 0, 0, 1 from reporting_customers
) x group by 1, 2;
