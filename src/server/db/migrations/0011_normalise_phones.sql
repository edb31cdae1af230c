-- Account phones were stored as typed; from now on they are stored in the one form orders use:
-- "+", the country code and the number. Each stored phone is rewritten to that form by the same
-- rule: spaces and dashes are ignored; a leading + or 00 introduces the country code; a single
-- leading 0 stands for Pakistan's (+92); the digits must be 10 to 15. A phone that breaks the rule
-- is left as it was. The rule is written once, as a function that lasts only this migration's session.
CREATE FUNCTION pg_temp.normalised_phone(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN c ~ '^\+[0-9]{10,15}$' THEN c
    WHEN c ~ '^00' THEN CASE WHEN c ~ '^00[0-9]{10,15}$' THEN '+' || substr(c, 3) ELSE NULL END
    WHEN c ~ '^0[0-9]{9,14}$' THEN '+92' || substr(c, 2)
    WHEN c ~ '^[0-9]{10,15}$' THEN c
  END
  FROM (SELECT regexp_replace(typed, '[[:space:]-]+', '', 'g') AS c) compact
$$;
--> statement-breakpoint
UPDATE "users" SET "phone" = pg_temp.normalised_phone("phone")
  WHERE pg_temp.normalised_phone("phone") IS NOT NULL AND pg_temp.normalised_phone("phone") <> "phone";
--> statement-breakpoint
UPDATE "registration_attempts" SET "phone" = pg_temp.normalised_phone("phone")
  WHERE pg_temp.normalised_phone("phone") IS NOT NULL AND pg_temp.normalised_phone("phone") <> "phone";
--> statement-breakpoint
DROP FUNCTION pg_temp.normalised_phone(text);
