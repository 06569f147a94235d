CREATE TABLE "crash_report_counts" (
	"status" text NOT NULL,
	"severity" text NOT NULL,
	"shard" integer NOT NULL,
	"reports" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "crash_report_counts_status_severity_shard_pk" PRIMARY KEY("status","severity","shard")
);
--> statement-breakpoint
-- Reports stored before the counters existed.
INSERT INTO "crash_report_counts" ("status", "severity", "shard", "reports")
SELECT "status", "severity", 0, count(*) FROM "crash_reports" GROUP BY "status", "severity";