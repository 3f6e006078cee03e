CREATE TABLE "audit_trail" (
	"modification_id" bigserial PRIMARY KEY NOT NULL,
	"laboratory_id" uuid,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"modification_by" text NOT NULL,
	"modification_field" text,
	"modification_old_value" text,
	"modification_new_value" text,
	"modification_timestamp" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"modification_type" text NOT NULL,
	"log_comment" text,
	"nca" text
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"challenge_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_uid" uuid NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"auth_machine_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp(3) with time zone NOT NULL,
	"used_at" timestamp(3) with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"failure_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"throttle_key" text NOT NULL,
	"failed_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"session_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_uid" uuid NOT NULL,
	"auth_machine_id" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp(3) with time zone NOT NULL,
	"revoked_at" timestamp(3) with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"event_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_type" text NOT NULL,
	"admin_uid" uuid,
	"laboratory_id" uuid,
	"email" text,
	"ip" text,
	"user_agent" text,
	"detail" text,
	"occurred_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"clinic_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"clinic_name" text NOT NULL,
	"clinic_code" text NOT NULL,
	"clinic_visible" boolean DEFAULT true NOT NULL,
	"clinic_phone_num" text,
	"clinic_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_laboratory_id_clinic_code_unique" UNIQUE("laboratory_id","clinic_code")
);
--> statement-breakpoint
CREATE TABLE "prescribers" (
	"prescriber_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"prescriber_title" text,
	"prescriber_surname" text NOT NULL,
	"prescriber_name" text NOT NULL,
	"prescriber_rpps" text,
	"prescriber_adeli" text,
	"prescriber_specialty" text,
	"prescriber_phone_num" text,
	"prescriber_fax" text,
	"prescriber_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "laboratories" (
	"laboratory_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_name" text NOT NULL,
	"laboratory_code" text NOT NULL,
	"laboratory_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"laboratory_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laboratories_laboratory_code_unique" UNIQUE("laboratory_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"admin_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"user_phone_num" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"otp_enabled" boolean DEFAULT false NOT NULL,
	"user_type" text NOT NULL,
	"external_account_type" text,
	"clinic_id" uuid,
	"prescriber_id" uuid,
	"user_disabled" boolean DEFAULT false NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"admin_nabms" smallint DEFAULT 0 NOT NULL,
	"admin_patients" smallint DEFAULT 0 NOT NULL,
	"admin_records" smallint DEFAULT 0 NOT NULL,
	"admin_prescribers" smallint DEFAULT 0 NOT NULL,
	"admin_analyses" smallint DEFAULT 0 NOT NULL,
	"admin_parameters" smallint DEFAULT 0 NOT NULL,
	"admin_samples" smallint DEFAULT 0 NOT NULL,
	"admin_sample_types" smallint DEFAULT 0 NOT NULL,
	"admin_machines" smallint DEFAULT 0 NOT NULL,
	"admin_families" smallint DEFAULT 0 NOT NULL,
	"admin_matrices" smallint DEFAULT 0 NOT NULL,
	"admin_access" smallint DEFAULT 0 NOT NULL,
	"admin_clinics" smallint DEFAULT 0 NOT NULL,
	"admin_collectors" smallint DEFAULT 0 NOT NULL,
	"admin_rights" boolean DEFAULT false NOT NULL,
	"validation_admin" boolean DEFAULT false NOT NULL,
	"invalidation_admin" boolean DEFAULT false NOT NULL,
	"billing_user" boolean DEFAULT false NOT NULL,
	"medical_user" boolean DEFAULT false NOT NULL,
	"admin_created" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"admin_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"message_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"setting_key" text PRIMARY KEY NOT NULL,
	"setting_value" text NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_admin_uid_users_admin_uid_fk" FOREIGN KEY ("admin_uid") REFERENCES "public"."users"("admin_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_admin_uid_users_admin_uid_fk" FOREIGN KEY ("admin_uid") REFERENCES "public"."users"("admin_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescribers" ADD CONSTRAINT "prescribers_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_laboratory_id_laboratories_laboratory_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("laboratory_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_clinic_id_clinics_clinic_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("clinic_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_prescriber_id_prescribers_prescriber_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."prescribers"("prescriber_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_table_name_row_id_index" ON "audit_trail" USING btree ("table_name","row_id");--> statement-breakpoint
CREATE INDEX "audit_trail_laboratory_id_modification_timestamp_index" ON "audit_trail" USING btree ("laboratory_id","modification_timestamp");--> statement-breakpoint
CREATE INDEX "auth_challenges_admin_uid_purpose_index" ON "auth_challenges" USING btree ("admin_uid","purpose");--> statement-breakpoint
CREATE INDEX "auth_challenges_secret_hash_index" ON "auth_challenges" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "auth_failures_throttle_key_failed_at_index" ON "auth_failures" USING btree ("throttle_key","failed_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_admin_uid_index" ON "auth_sessions" USING btree ("admin_uid");--> statement-breakpoint
CREATE INDEX "security_events_occurred_at_index" ON "security_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "security_events_admin_uid_index" ON "security_events" USING btree ("admin_uid");--> statement-breakpoint
CREATE INDEX "clinics_laboratory_id_index" ON "clinics" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "prescribers_laboratory_id_index" ON "prescribers" USING btree ("laboratory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "users_laboratory_id_index" ON "users" USING btree ("laboratory_id");