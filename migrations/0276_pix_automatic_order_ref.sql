-- PIX Automático pays orders (issue 36): the order a mandate's QR pays (its first charge) and the order a recurring
-- charge pays (a subscription's renewal). When the gateway reports them paid, payments records a PAID transaction for
-- that order and announces it like any charge, so ordering marks the order PAID through its one usual path.
alter table payment_pix_authorizations add column order_ref text;
alter table payment_pix_charges add column order_ref text;
