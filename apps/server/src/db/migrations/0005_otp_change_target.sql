ALTER TABLE "otp_codes" ADD COLUMN "target" text;
