-- Until now a guest's order joined whichever account had the e-mail typed at payment, verified
-- or not. Every existing account counts as unverified until it verifies its e-mail: the orders
-- that joined an unverified account only through its e-mail become guest orders again (they join
-- back when the account verifies). Orders the account paid signed in, and those of a guest it
-- claimed with the guest link, stay.
UPDATE "order" AS o SET "user_id" = NULL
FROM "user" AS u
WHERE o."user_id" = u."id"
  AND NOT u."email_verified"
  AND o."kind" = 'purchase'
  AND o."guest_id" IS DISTINCT FROM u."guest_id"
  AND NOT EXISTS (
    SELECT 1 FROM "checkout_session" AS s
    WHERE s."id" = o."checkout_session_id" AND s."user_id" = o."user_id"
  );
--> statement-breakpoint
-- A membership's monthly orders follow the order that bought it.
UPDATE "order" AS r SET "user_id" = NULL
FROM "order" AS p
WHERE r."kind" = 'renewal'
  AND r."user_id" IS NOT NULL
  AND p."kind" = 'purchase'
  AND p."subscription_id" = r."subscription_id"
  AND p."user_id" IS NULL;
--> statement-breakpoint
-- A guest stays linked only to the unverified account that claimed it with the guest link.
UPDATE "guest" AS g SET "user_id" = NULL
FROM "user" AS u
WHERE g."user_id" = u."id"
  AND NOT u."email_verified"
  AND u."guest_id" IS DISTINCT FROM g."id";
--> statement-breakpoint
-- An unverified account keeps a payment customer only when one of its orders or its claimed
-- guest paid through it: the cards, address and memberships of a detached order leave with it.
UPDATE "user" AS u SET "payment_customer_id" = NULL
WHERE NOT u."email_verified"
  AND u."payment_customer_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "order" AS o
    JOIN "checkout_session" AS s ON s."id" = o."checkout_session_id"
    WHERE o."user_id" = u."id" AND s."completion" ->> 'customerId' = u."payment_customer_id"
  )
  AND NOT EXISTS (
    SELECT 1 FROM "guest" AS g
    WHERE g."id" = u."guest_id" AND g."payment_customer_id" = u."payment_customer_id"
  );
