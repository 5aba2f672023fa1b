-- The admin's platform orders screen: keyset pages of every store's orders newest first, (created_at, id) breaking
-- ties (the store-scoped indexes of 0060 lead with store_id and cannot serve it).
create index orders_created_id_idx on orders (created_at desc, id desc);
drop index if exists orders_created_idx;
