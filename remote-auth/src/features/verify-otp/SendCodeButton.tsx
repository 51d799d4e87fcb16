import { useFormikContext } from 'formik';
import { normaliseError } from 'shared-api';
import { useSendOtpMutation } from '../../api/emailCodesApi';
import { Button, useToast } from 'shared-ui';
import type { VerifyOtpValues } from './verifyOtpSchema';

/**
 * 'Send code': mails a (new) verification code to the form's email. Only the email has to be
 * valid for this, so only the email is checked and marked touched; the code field stays quiet.
 */
export function SendCodeButton() {
  const { values, validateForm, setFieldTouched } = useFormikContext<VerifyOtpValues>();
  const [sendOtp, { isLoading }] = useSendOtpMutation();
  const toast = useToast();

  const send = async () => {
    const errors = await validateForm();
    if (errors.email) {
      await setFieldTouched('email', true, false);
      return;
    }
    try {
      await sendOtp({ email: values.email.trim() }).unwrap();
      toast.success('Verification code sent to the email');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to send verification code'));
    }
  };

  return (
    <Button type="button" variant="ghost" fullWidth loading={isLoading} onClick={send}>
      {isLoading ? 'Sending code...' : 'Send code'}
    </Button>
  );
}
