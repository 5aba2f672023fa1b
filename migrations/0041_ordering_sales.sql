-- The sales screen: a merchant's orders filtered by status, newest first (orders_store_created_idx covers the rest).
create index orders_store_status_created_idx on orders (store_id, status, created_at desc);
