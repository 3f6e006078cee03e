-- Analysers connected through the laboratory's agents (issue 41, docs/formats/analysers.md): the
-- agents (an enrolment code, then a credential, both kept as SHA-256 hashes of random secrets),
-- how each machine is connected and which agent serves it, the analysers' mappings in the import
-- mappings' table (file type 'analyser', with a unit factor or the unit sent), the message log
-- (one row per message id: a message sent twice is stored once), the links' states, the
-- reconciliation queue, and results marked with the analyser that measured them.
CREATE TABLE "agents" (
	"agent_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"agent_name" text NOT NULL,
	"agent_state" text DEFAULT 'pending' NOT NULL CHECK ("agent_state" IN ('pending', 'active', 'revoked')),
	"agent_enrolment_hash" text,
	"agent_enrolment_expires_at" timestamp(3) with time zone,
	"agent_secret_hash" text,
	"agent_enrolled_at" timestamp(3) with time zone,
	"agent_credential_rotated_at" timestamp(3) with time zone,
	"agent_revoked_at" timestamp(3) with time zone,
	"agent_host" text,
	"agent_version" text,
	"agent_created_by" uuid REFERENCES "users"("admin_uid"),
	"agent_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agents_name" ON "agents" ("laboratory_id", lower("agent_name"));
--> statement-breakpoint
CREATE UNIQUE INDEX "agents_enrolment" ON "agents" ("agent_enrolment_hash") WHERE "agent_enrolment_hash" IS NOT NULL;
--> statement-breakpoint
-- The hashes are never traced.
SELECT attach_audit('agents', 'agent_id', 'agent_last_updated', 'agent_enrolment_hash,agent_secret_hash');
--> statement-breakpoint
-- When each agent last called, apart from its row: its calls are not changes of the laboratory's
-- data (no trace) and must not move the stamp an administrator's revocation is checked against.
CREATE TABLE "agent_presence" (
	"presence_agent" uuid PRIMARY KEY NOT NULL REFERENCES "agents"("agent_id") ON DELETE CASCADE,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"presence_last_seen_at" timestamp(3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "machines"
	ADD COLUMN "machine_protocol" text CHECK ("machine_protocol" IN ('astm', 'hl7')),
	ADD COLUMN "machine_transport" text CHECK ("machine_transport" IN ('tcp_server', 'tcp_client', 'serial')),
	ADD COLUMN "machine_host" text,
	ADD COLUMN "machine_port" integer CHECK ("machine_port" BETWEEN 1 AND 65535),
	ADD COLUMN "machine_serial_path" text,
	ADD COLUMN "machine_baud_rate" integer,
	ADD COLUMN "machine_data_bits" integer CHECK ("machine_data_bits" BETWEEN 5 AND 8),
	ADD COLUMN "machine_parity" text CHECK ("machine_parity" IN ('none', 'even', 'odd', 'mark', 'space')),
	ADD COLUMN "machine_stop_bits" numeric(2, 1) CHECK ("machine_stop_bits" IN (1, 1.5, 2)),
	ADD COLUMN "machine_agent" uuid REFERENCES "agents"("agent_id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "import_mappings"
	ADD COLUMN "mapping_unit_factor" numeric(18, 9),
	ADD COLUMN "mapping_analyser_unit" text;
--> statement-breakpoint
CREATE TABLE "analyser_messages" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"message_machine" uuid NOT NULL REFERENCES "machines"("machine_id") ON DELETE CASCADE,
	"message_agent" uuid NOT NULL REFERENCES "agents"("agent_id"),
	"message_protocol" text NOT NULL,
	"message_received_at" timestamp(3) with time zone NOT NULL,
	"message_stored_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"message_raw_text" text NOT NULL,
	"message_parsed" jsonb NOT NULL,
	"message_outcome" text NOT NULL,
	"message_results_stored" integer DEFAULT 0 NOT NULL,
	"message_results_to_ciq" integer DEFAULT 0 NOT NULL,
	"message_results_in_reconciliation" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analyser_messages_machine" ON "analyser_messages" ("message_machine", "message_received_at" DESC);
--> statement-breakpoint
CREATE TABLE "analyser_states" (
	"state_machine" uuid PRIMARY KEY NOT NULL REFERENCES "machines"("machine_id") ON DELETE CASCADE,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"state_agent" uuid REFERENCES "agents"("agent_id") ON DELETE SET NULL,
	"state_connected" boolean DEFAULT false NOT NULL,
	"state_last_message_at" timestamp(3) with time zone,
	"state_naks" integer DEFAULT 0 NOT NULL,
	"state_retransmissions" integer DEFAULT 0 NOT NULL,
	"state_pending" integer DEFAULT 0 NOT NULL,
	"state_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state_reported_at" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"item_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"item_machine" uuid NOT NULL REFERENCES "machines"("machine_id") ON DELETE CASCADE,
	"item_message" uuid NOT NULL REFERENCES "analyser_messages"("message_id") ON DELETE CASCADE,
	"item_reason" text NOT NULL CHECK ("item_reason" IN ('unknownSpecimen', 'unmappedCode', 'validatedConflict',
		'parameterNotInSample', 'valueRefused', 'unitMismatch', 'unreadable')),
	"item_detail" text,
	"item_result" jsonb,
	"item_sample" uuid REFERENCES "samples"("sample_id") ON DELETE SET NULL,
	"item_parameter" uuid REFERENCES "parameters"("parameter_id") ON DELETE SET NULL,
	"item_state" text DEFAULT 'open' NOT NULL CHECK ("item_state" IN ('open', 'mapped', 'assigned', 'discarded')),
	"item_resolved_by" uuid REFERENCES "users"("admin_uid"),
	"item_resolved_at" timestamp(3) with time zone,
	"item_resolution_reason" text,
	"item_created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	"item_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_items_open" ON "reconciliation_items" ("laboratory_id", "item_state", "item_created_at");
--> statement-breakpoint
SELECT attach_audit('reconciliation_items', 'item_id', 'item_last_updated');
--> statement-breakpoint
-- A result from an analyser has no person as its author: it names the machine, its run time and
-- the flags the analyser gave; a person's correction afterwards names that person again.
ALTER TABLE "results"
	ALTER COLUMN "result_entered_by" DROP NOT NULL,
	ADD COLUMN "result_machine" uuid REFERENCES "machines"("machine_id") ON DELETE SET NULL,
	ADD COLUMN "result_run_at" timestamp(3) with time zone,
	ADD COLUMN "result_analyser_flags" text[],
	ADD CONSTRAINT "results_author" CHECK ("result_entered_by" IS NOT NULL OR "result_machine" IS NOT NULL);
