import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object, string } from 'yup';
import { renderForm } from './fields.test-helpers';
import { TextField } from './TextField';

const schema = object({
  email: string().email('Enter a valid email').required('Email is required'),
});

describe('TextField', () => {
  it('shows the error only after the field is touched, and links it to the input', async () => {
    const user = userEvent.setup();
    renderForm(<TextField name="email" label="Email" type="email" />, {
      initialValues: { email: '' },
      validationSchema: schema,
    });
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('id', 'email');
    expect(input).toHaveAttribute('type', 'email');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');

    await user.click(input);
    await user.tab();

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('clears the error once the value is valid and submits it', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(<TextField name="email" label="Email" />, {
      initialValues: { email: '' },
      validationSchema: schema,
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await waitFor(() => expect(screen.queryByText('Email is required')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com' }));
  });

  it('describes the input with its hint', () => {
    renderForm(<TextField name="profile.name" label="Full name" hint="As on your ID" />, {
      initialValues: { profile: { name: '' } },
    });
    const input = screen.getByLabelText('Full name');
    expect(input).toHaveAttribute('id', 'profile-name');
    expect(input).toHaveAccessibleDescription('As on your ID');
  });
});

describe('TextField descriptions', () => {
  it("keeps the caller's aria-describedby alongside its own hint", () => {
    renderForm(
      <>
        <TextField
          name="password"
          label="Password"
          hint="Keep it secret"
          aria-describedby="rules"
        />
        <p id="rules">At least 8 characters</p>
      </>,
      { initialValues: { password: '' } },
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters Keep it secret',
    );
  });
});
