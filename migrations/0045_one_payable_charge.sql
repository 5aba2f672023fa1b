-- At most one payable charge per order: a renewed PIX ('Gerar novo código') may only be created once the previous
-- charge has left CREATING/PENDING, and two renewals racing for the same order cannot both insert one. Only order
-- references that are order ids (uuids) are covered: the owner's test page charges free-form references.
create unique index payment_transactions_one_payable_idx
  on payment_transactions (order_ref)
  where status in ('CREATING', 'PENDING')
    and order_ref ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
