-- Account, security and settings pages; Pro Santé Connect (issue 18, spec.md §2 'Settings', §4
-- 'Session'). A change of e-mail or mobile is a verification link that carries the new value: the
-- account changes only when the link comes back. The national professional identifier of a linked
-- account belongs to one account. Single sign-on requests keep the PKCE verifier and the nonce
-- between the departure to the provider and the return. Push subscriptions are per browser.
ALTER TABLE "auth_challenges" ADD COLUMN "pending_value" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "psc_subject" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "psc_linked_at" timestamp (3) with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_psc_subject_unique" ON "users" ("psc_subject") WHERE "psc_subject" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"request_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- SHA-256 of the state sent to the provider.
	"state_hash" text NOT NULL UNIQUE,
	"purpose" text NOT NULL CHECK ("purpose" IN ('login', 'link')),
	-- The account to link (purpose 'link'); null for a login.
	"admin_uid" uuid REFERENCES "users"("admin_uid"),
	"locale" text NOT NULL DEFAULT 'fr',
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"subscription_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_uid" uuid NOT NULL REFERENCES "users"("admin_uid") ON DELETE CASCADE,
	"endpoint" text NOT NULL UNIQUE,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_by_user" ON "push_subscriptions" ("admin_uid");
