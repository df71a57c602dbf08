ALTER TABLE "employees" ADD COLUMN "language" text;
