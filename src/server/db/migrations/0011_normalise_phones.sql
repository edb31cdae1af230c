-- Account phones were stored as typed; from now on they are stored in the one form orders use:
-- "+", the country code and the number. Each stored phone is rewritten to that form by the same
-- rule: spaces and dashes are ignored; a leading + or 00 introduces the country code; a single
-- leading 0 stands for Pakistan's (+92); the digits must be 10 to 15. A phone that breaks the rule
-- is left as it was.
UPDATE "users" SET "phone" = n."phone" FROM (
  SELECT "id",
    CASE
      WHEN c ~ '^\+[0-9]{10,15}$' THEN c
      WHEN c ~ '^00' THEN CASE WHEN c ~ '^00[0-9]{10,15}$' THEN '+' || substr(c, 3) ELSE NULL END
      WHEN c ~ '^0[0-9]{9,14}$' THEN '+92' || substr(c, 2)
      WHEN c ~ '^[0-9]{10,15}$' THEN c
    END AS "phone"
  FROM (SELECT "id", regexp_replace("phone", '[[:space:]-]+', '', 'g') AS c FROM "users") compact
) n WHERE n."id" = "users"."id" AND n."phone" IS NOT NULL AND n."phone" <> "users"."phone";
--> statement-breakpoint
UPDATE "registration_attempts" SET "phone" = n."phone" FROM (
  SELECT "id",
    CASE
      WHEN c ~ '^\+[0-9]{10,15}$' THEN c
      WHEN c ~ '^00' THEN CASE WHEN c ~ '^00[0-9]{10,15}$' THEN '+' || substr(c, 3) ELSE NULL END
      WHEN c ~ '^0[0-9]{9,14}$' THEN '+92' || substr(c, 2)
      WHEN c ~ '^[0-9]{10,15}$' THEN c
    END AS "phone"
  FROM (SELECT "id", regexp_replace("phone", '[[:space:]-]+', '', 'g') AS c FROM "registration_attempts") compact
) n WHERE n."id" = "registration_attempts"."id" AND n."phone" IS NOT NULL AND n."phone" <> "registration_attempts"."phone";
