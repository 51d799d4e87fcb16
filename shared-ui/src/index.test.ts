// The main entry must never pull in chart.js: screens without charts would ship it.
jest.mock('chart.js', () => {
  throw new Error('chart.js was loaded by the main shared-ui entry');
});
jest.mock('react-chartjs-2', () => {
  throw new Error('react-chartjs-2 was loaded by the main shared-ui entry');
});
// The CSV writer loads when Export is pressed, not with the header on every signed-in page.
jest.mock('papaparse', () => {
  throw new Error('papaparse was loaded by the main shared-ui entry');
});

describe('shared-ui entry', () => {
  it('exports the agreed API without loading chart code', async () => {
    const ui = await import('./index');
    const names = [
      'lightTheme',
      'darkTheme',
      'GlobalStyle',
      'AppThemeProvider',
      'useThemeMode',
      'ThemeToggle',
      'ToastProvider',
      'useToast',
      'TOAST_DEFAULTS',
      'TextField',
      'PasswordField',
      'NumberField',
      'SelectField',
      'CheckboxField',
      'TextAreaField',
      'FileField',
      'Input',
      'Select',
      'Checkbox',
      'Label',
      'Button',
      'Card',
      'Badge',
      'Spinner',
      'EmptyState',
      'ErrorBanner',
      'Logo',
      'Stack',
      'PageHeader',
      'Heading',
      'Text',
      'linkStyles',
      'formatMoney',
      'formatMoneyAxis',
      'padId',
      'formatDate',
      'formatDateTime',
      'truncate',
      'useExportableTable',
      'useCurrentExportableTable',
      'downloadTableCsv',
    ] as const;
    for (const name of names) expect(ui).toHaveProperty(name);
    expect(ui).not.toHaveProperty('LineChart');
    // Workspace components live in their own entry, off the sign-in pages.
    expect(ui).not.toHaveProperty('Table');
  });

  it('exports the workspace components from shared-ui/workspace', async () => {
    const workspace = await import('./workspace');
    const names = [
      'StatCard',
      'Table',
      'Pagination',
      'Modal',
      'Drawer',
      'Tabs',
      'CopyButton',
      'ConfirmDialog',
      'useConfirm',
    ];
    for (const name of names) expect(workspace).toHaveProperty(name);
  });
});
