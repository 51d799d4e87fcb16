import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { Drawer } from './Drawer';

describe('Drawer', () => {
  it('renders nothing while closed', () => {
    renderWithProviders(
      <Drawer open={false} onClose={jest.fn()} title="Notifications">
        No messages
      </Drawer>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a labelled dialog, 420px wide by default, that closes on Escape', async () => {
    const onClose = jest.fn();
    renderWithProviders(
      <Drawer open onClose={onClose} title="Notifications">
        No messages
      </Drawer>,
    );
    const drawer = screen.getByRole('dialog', { name: 'Notifications' });
    expect(drawer).toHaveTextContent('No messages');
    expect(drawer).toHaveStyle({ maxWidth: '420px' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('accepts another width', () => {
    renderWithProviders(<Drawer open onClose={jest.fn()} title="Filters" maxWidth={320} />);
    expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveStyle({ maxWidth: '320px' });
  });
});
