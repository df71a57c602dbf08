CREATE TABLE "impersonation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"session_id" uuid NOT NULL,
	"impersonator_id" uuid,
	"impersonator_email" text NOT NULL,
	"target_id" uuid,
	"target_email" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" uuid;--> statement-breakpoint
ALTER TABLE "signin_tokens" ADD COLUMN "impersonator_session_id" uuid;--> statement-breakpoint
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonation_events_created_idx" ON "impersonation_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_session_id_sessions_id_fk" FOREIGN KEY ("impersonator_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signin_tokens" ADD CONSTRAINT "signin_tokens_impersonator_session_id_sessions_id_fk" FOREIGN KEY ("impersonator_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_session_idx" ON "sessions" USING btree ("impersonator_session_id");