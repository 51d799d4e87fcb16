import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { number, object } from 'yup';
import { NumberField } from './NumberField';
import { renderForm } from './fields.test-helpers';

describe('NumberField', () => {
  it('submits a number and passes min and step to the input', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(
      <NumberField name="amount" label="Amount" min={0} step={0.01} />,
      {
        initialValues: { amount: '' },
      },
    );
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '0.01');
    await user.type(input, '12.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: 12.5 }));
  });

  it('shows the error after blur', async () => {
    const user = userEvent.setup();
    renderForm(<NumberField name="amount" label="Amount" />, {
      initialValues: { amount: '' },
      validationSchema: object({ amount: number().required('Amount is required') }),
    });
    await user.click(screen.getByLabelText('Amount'));
    await user.tab();
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
  });
});
