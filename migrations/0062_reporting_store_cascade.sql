-- A store deleted (with its owner's account) takes its orders along; its rollups go with them, so the admin
-- dashboard never counts orders that no longer exist.
delete from reporting_order_facts f where not exists (select 1 from stores s where s.id = f.store_id);
delete from reporting_daily d where not exists (select 1 from stores s where s.id = d.store_id);
delete from reporting_customers c where not exists (select 1 from stores s where s.id = c.store_id);
delete from reporting_customer_days c where not exists (select 1 from stores s where s.id = c.store_id);
alter table reporting_order_facts add foreign key (store_id) references stores (id) on delete cascade;
alter table reporting_daily add foreign key (store_id) references stores (id) on delete cascade;
alter table reporting_customers add foreign key (store_id) references stores (id) on delete cascade;
alter table reporting_customer_days add foreign key (store_id) references stores (id) on delete cascade;
