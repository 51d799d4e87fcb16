import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object, string } from 'yup';
import { renderForm } from './fields.test-helpers';
import { PasswordField } from './PasswordField';

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed', async () => {
    const user = userEvent.setup();
    renderForm(<PasswordField name="password" label="Password" />, {
      initialValues: { password: '' },
    });
    const input = screen.getByLabelText('Password');
    await user.type(input, 'secret123');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('secret123');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows its validation error after blur', async () => {
    const user = userEvent.setup();
    renderForm(<PasswordField name="password" label="Password" />, {
      initialValues: { password: '' },
      validationSchema: object({ password: string().min(8, 'At least 8 characters') }),
    });
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
