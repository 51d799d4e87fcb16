import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileField } from './FileField';
import { renderForm } from './fields.test-helpers';

describe('FileField', () => {
  it('puts the chosen File in the form values', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(
      <FileField name="avatar" label="Profile picture" accept="image/*" />,
      {
        initialValues: { avatar: null as File | null },
      },
    );
    const input = screen.getByLabelText('Profile picture');
    expect(input).toHaveAttribute('accept', 'image/*');
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ avatar: file }));
  });
});
