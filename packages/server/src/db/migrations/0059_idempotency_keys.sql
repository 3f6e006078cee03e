-- Idempotent writes (issue 43, decision 0033): a write call may carry an Idempotency-Key header; the
-- key is kept here, per user, with the call's name and a hash of its input, by the call's first
-- audited transaction (so that a committed write and its key exist together or not at all), and the
-- answer (status and body) once known, most often in that same transaction. A resend of the same
-- key answers what is kept without writing again. Not audited: it records calls, not data, and is
-- written after the commit when a call's answer is only known then. Rows expire after a day and are
-- deleted by every server copy's purge.
CREATE TABLE "idempotency_keys" (
  "user_id" text NOT NULL,
  "idempotency_key" uuid NOT NULL,
  "route_name" text NOT NULL,
  "body_hash" text NOT NULL,
  "answer_status" integer,
  "answer_body" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "idempotency_keys_pk" PRIMARY KEY ("user_id", "idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expiry_idx" ON "idempotency_keys" ("expires_at");
