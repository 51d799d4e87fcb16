import { TextField } from 'shared-ui';

/**
 * The 6-digit code from the email. A text input (not type="number", which drops leading zeros
 * and shows spinners) that still brings up the numeric keypad and lets the OS offer the code
 * from the incoming message.
 */
export function OtpCodeField() {
  return (
    <TextField
      name="otp"
      label="Verification code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      placeholder="123456"
    />
  );
}
