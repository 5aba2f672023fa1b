-- One spelling for the product: UTMify. The tables of 0080 and 0120 were created as utmfy_*; they, their constraints
-- and their indexes take the product's name (renaming a primary key or unique constraint renames its index too).
alter table utmfy_configs rename to utmify_configs;
alter table utmify_configs rename constraint utmfy_configs_pkey to utmify_configs_pkey;
alter table utmify_configs rename constraint utmfy_configs_store_id_fkey to utmify_configs_store_id_fkey;

alter table utmfy_deliveries rename to utmify_deliveries;
alter table utmify_deliveries rename constraint utmfy_deliveries_pkey to utmify_deliveries_pkey;
alter table utmify_deliveries rename constraint utmfy_deliveries_store_id_fkey to utmify_deliveries_store_id_fkey;
alter table utmify_deliveries rename constraint utmfy_deliveries_status_check to utmify_deliveries_status_check;
alter table utmify_deliveries rename constraint utmfy_deliveries_state_check to utmify_deliveries_state_check;
alter table utmify_deliveries
  rename constraint utmfy_deliveries_order_id_status_key to utmify_deliveries_order_id_status_key;
alter index utmfy_deliveries_store_created_idx rename to utmify_deliveries_store_created_idx;
alter index utmfy_deliveries_sending_idx rename to utmify_deliveries_sending_idx;
