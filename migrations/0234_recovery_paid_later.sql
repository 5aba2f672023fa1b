-- 'Recuperação' (issue 33): an open session whose buyer paid the same product in a later visit shows 'Convertido'.
-- The screen looks for that later, converted session by store, e-mail and product.
create index if not exists checkout_sessions_converted_buyer_idx
  on checkout_sessions (store_id, customer_email, product_id, converted_at)
  where status = 'CONVERTED';
