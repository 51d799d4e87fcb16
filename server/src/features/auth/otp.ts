// One-time codes for email verification and password reset.
// 6 digits, valid 10 minutes, at most 5 tries, single use, stored as an HMAC keyed with the
// server secret, and separated by purpose (a verification code cannot reset a password).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { otpCodes, users, type OtpPurpose } from '../../db/schema.js';
import { addMs, type Clock } from '../../lib/clock.js';
import { hmacSha256, safeEqualHex, sixDigitCode } from '../../lib/crypto.js';
import type { Mailer } from '../../mail/mailer.js';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpCheck =
  { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' | 'too_many_attempts' };

const MAIL: Record<OtpPurpose, { subject: string; text: (code: string) => string }> = {
  verify: {
    subject: 'Your verification code',
    text: (code) => `Your verification code is ${code}. It expires in 10 minutes.`,
  },
  reset: {
    subject: 'Your password reset code',
    text: (code) =>
      `Your password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this mail.`,
  },
};

export class OtpService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly secret: string,
  ) {}

  private hash(userId: number, purpose: OtpPurpose, code: string): string {
    return hmacSha256(this.secret, `otp:${purpose}:${userId}:${code}`);
  }

  /** Codes being issued after their reply was sent (issueAfterReply). */
  private readonly inFlight = new Set<Promise<void>>();

  /**
   * issue() once the current reply has gone out: the caller answers at once, in the same time for
   * every email, and nobody can tell a known one by how long it took (the lookup, the code's
   * transaction and the mail take about 10 ms more for an account). `onError` gets a failure
   * (no mail then; the user asks again).
   */
  issueAfterReply(email: string, purpose: OtpPurpose, onError: (err: unknown) => void): void {
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.issue(email, purpose))
      .catch(onError)
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Resolves once every code started by issueAfterReply is stored and mailed (or failed). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /**
   * Mails a fresh code to an active account with this email, replacing earlier codes of the same
   * purpose. Does nothing for unknown or deactivated emails: callers answer the same either way.
   */
  async issue(email: string, purpose: OtpPurpose): Promise<void> {
    const [user] = await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isActive, true)))
      .limit(1);
    if (!user) return;
    const code = sixDigitCode();
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpCodes.userId, user.id),
            eq(otpCodes.purpose, purpose),
            isNull(otpCodes.consumedAt),
          ),
        );
      await tx.insert(otpCodes).values({
        userId: user.id,
        purpose,
        codeHash: this.hash(user.id, purpose, code),
        createdAt: now,
        expiresAt: addMs(now, OTP_TTL_MS),
      });
    });
    const mail = MAIL[purpose];
    await this.mailer.sendOtp({
      to: user.email,
      subject: mail.subject,
      text: mail.text(code),
      code,
      purpose,
    });
  }

  /** Checks a code and, when right, consumes it (it cannot be used again). */
  async consume(email: string, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
    const now = this.clock();
    const [row] = await this.db
      .select({
        id: otpCodes.id,
        userId: otpCodes.userId,
        codeHash: otpCodes.codeHash,
        attempts: otpCodes.attempts,
        expiresAt: otpCodes.expiresAt,
      })
      .from(otpCodes)
      .innerJoin(users, eq(users.id, otpCodes.userId))
      .where(
        and(
          eq(users.email, email),
          eq(users.isActive, true),
          eq(otpCodes.purpose, purpose),
          isNull(otpCodes.consumedAt),
        ),
      )
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1);

    if (!row) return { ok: false, reason: 'invalid' };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too_many_attempts' };
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' };

    if (!safeEqualHex(row.codeHash, this.hash(row.userId, purpose, code))) {
      const [counted] = await this.db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, row.id))
        .returning({ attempts: otpCodes.attempts });
      const spent = (counted?.attempts ?? OTP_MAX_ATTEMPTS) >= OTP_MAX_ATTEMPTS;
      return { ok: false, reason: spent ? 'too_many_attempts' : 'invalid' };
    }

    // Conditional update: a code raced by two requests is consumed by only one of them.
    const claimed = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return claimed.length > 0 ? { ok: true, userId: row.userId } : { ok: false, reason: 'invalid' };
  }
}
