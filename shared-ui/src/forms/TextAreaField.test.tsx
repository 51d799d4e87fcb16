import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object, string } from 'yup';
import { renderForm } from './fields.test-helpers';
import { TextAreaField } from './TextAreaField';

describe('TextAreaField', () => {
  it('edits text and shows the error after blur', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(<TextAreaField name="message" label="Message" />, {
      initialValues: { message: '' },
      validationSchema: object({ message: string().required('Message is required') }),
    });
    const area = screen.getByRole('textbox', { name: 'Message' });
    await user.click(area);
    await user.tab();
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    await user.type(area, 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ message: 'Hello there' }));
  });
});
