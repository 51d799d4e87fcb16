import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentPropsWithRef } from 'react';
import { renderWithProviders } from '../../test-utils';
import { Button } from './Button';

describe('Button', () => {
  it('calls onClick', async () => {
    const onClick = jest.fn();
    renderWithProviders(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner, keeps the busy label and ignores clicks while loading', async () => {
    const onClick = jest.fn();
    renderWithProviders(
      <Button loading onClick={onClick}>
        Logging in...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders as a link through `as`', () => {
    renderWithProviders(
      <Button as="a" href="/brand/create" variant="secondary">
        Create Brand
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Create Brand' })).toHaveAttribute(
      'href',
      '/brand/create',
    );
  });

  it('renders as a custom component and passes its props through', () => {
    const FakeLink = ({ to, ...props }: ComponentPropsWithRef<'a'> & { to: string }) => (
      <a href={to} {...props} />
    );
    renderWithProviders(
      <Button as={FakeLink} to="/brand/brands">
        Brands
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/brand/brands');
  });
});
