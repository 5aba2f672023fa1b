-- Split at charge time (issue 37): the payment account a split was asked of. A charge that fell back to another
-- account (one without split) paid nobody through the gateway: only a split asked of the account that charged
-- marks a share as paid by the gateway.
alter table affiliate_gateway_splits add column payment_account_id uuid;
