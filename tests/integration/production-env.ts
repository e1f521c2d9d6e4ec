/**
 * The variables of a complete production deployment beside the test pool's (development) ones:
 * production refuses to run without a mail provider (worker/mail/mail-settings.ts). Port 9 of
 * the test machine refuses connections, so no mail leaves a test.
 */
export const PRODUCTION = {
  ENVIRONMENT: "production",
  MAIL_PROVIDER: "resend",
  MAIL_API_KEY: "test-mail-key",
  MAIL_FROM: "noreply@events.example.org",
  MAIL_API_URL: "http://127.0.0.1:9",
} as const;
