-- The api keeps each product an order is priced from in memory beside the store's payment setup (src/platform/
-- settings-cache.ts, checkoutReads) and drops them on the public configuration's channel (0097). A product saved,
-- added or removed says so on that channel whatever code path made the change. Not its stock: an order takes stock
-- in its own statement (never from the kept read), and announcing every sale would empty every cache per order.
create trigger products_public_config_changed
  after insert or delete or update of store_id, name, description, price_cents, type, image_url, digital_file_url,
    weight_grams, height_cm, width_cm, length_cm, stamp_pdfs
  on products
  for each statement execute function notify_public_config_changed();
