-- Each stamped PDF copy kept in the storage (`stamped/<orderId>/<fileId>`), so it can be found and deleted: on a whole
-- refund or chargeback, when the product file is removed, and by the 30-day retention sweep (a later download stamps
-- again). No foreign keys on purpose: a cascade would drop the row (the object's only trace) before the deleter reads it.
create table buyer_stamped_copies (
  order_id uuid not null,
  file_id uuid not null,
  storage_key text not null,
  created_at timestamptz not null,
  primary key (order_id, file_id)
);
create index buyer_stamped_copies_file_idx on buyer_stamped_copies (file_id);
create index buyer_stamped_copies_created_idx on buyer_stamped_copies (created_at);
