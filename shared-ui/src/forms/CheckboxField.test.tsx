import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { boolean, object } from 'yup';
import { CheckboxField } from './CheckboxField';
import { renderForm } from './fields.test-helpers';

describe('CheckboxField', () => {
  it('toggles a boolean and shows its error until checked', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(<CheckboxField name="terms" label="I agree to the terms" />, {
      initialValues: { terms: false },
      validationSchema: object({ terms: boolean().oneOf([true], 'You must accept the terms') }),
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You must accept the terms')).toBeInTheDocument();

    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ terms: true }));
  });
});
