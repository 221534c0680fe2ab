CREATE TABLE "blocked_keywords" (
	"keyword" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_searches" (
	"keyword" text NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "keyword_searches_keyword_visitor_day_pk" PRIMARY KEY("keyword","visitor","day")
);
--> statement-breakpoint
CREATE INDEX "keyword_searches_day_idx" ON "keyword_searches" USING btree ("day","keyword");