-- The orders page search (customer name or e-mail, any part) through a trigram index where the server has pg_trgm
-- (a trusted extension on PostgreSQL 13+). Embedded PGlite has no pg_trgm loaded: the search then scans the store's
-- orders, which is fine at that scale.
do $$
begin
  create extension if not exists pg_trgm;
  create index orders_search_trgm_idx on orders using gin ((customer_name || ' ' || customer_email) gin_trgm_ops);
exception when others then
  raise notice 'pg_trgm unavailable (%): the orders search scans', sqlerrm;
end
$$;
