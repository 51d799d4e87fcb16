import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { LabelledControl } from './LabelledControl';
import { Input } from './primitives/Input';

describe('LabelledControl', () => {
  it('names its control with the label', () => {
    renderWithProviders(
      <LabelledControl label="Campaign ID" htmlFor="campaign">
        <Input id="campaign" />
      </LabelledControl>,
    );
    expect(screen.getByRole('textbox', { name: 'Campaign ID' })).toBeInTheDocument();
  });
});
