import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { object, string } from 'yup';
import { renderForm } from './fields.test-helpers';
import { SelectField } from './SelectField';
import { valueOptions } from './primitives/Select';

const sizes = valueOptions(['2-50', '51-200']);

describe('SelectField', () => {
  it('submits the chosen option', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(
      <SelectField name="size" label="Size" options={sizes} placeholder="Select a size" />,
      {
        initialValues: { size: '' },
      },
    );
    expect(screen.getByRole('option', { name: 'Select a size' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Size'), '51-200');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ size: '51-200' }));
  });

  it('shows the error after submit', async () => {
    const user = userEvent.setup();
    renderForm(
      <SelectField name="size" label="Size" options={sizes} placeholder="Select a size" />,
      {
        initialValues: { size: '' },
        validationSchema: object({ size: string().required('Size is required') }),
      },
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Size is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Size')).toHaveAccessibleDescription('Size is required');
  });
});
