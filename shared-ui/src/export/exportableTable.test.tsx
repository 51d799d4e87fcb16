import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { csvFileName, downloadTableCsv, tableToCsv } from './csv';
import {
  hasRowsToExport,
  useCurrentExportableTable,
  useExportableTable,
  type ExportColumn,
  type ExportableTable,
} from './exportableTable';

interface Row {
  name: string;
  email: string;
  amount: string;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Amount', value: (r) => r.amount },
];

/** What the header sees: the current table's name and row count. */
function Reader() {
  const table = useCurrentExportableTable();
  return <p>{table ? `${table.name}: ${table.rows.length} rows` : 'nothing to export'}</p>;
}

function Screen({ name, rows }: { name: string; rows: Row[] | null }) {
  useExportableTable(rows && { name, columns, rows });
  return null;
}

const ada: Row = { name: 'Ada', email: 'ada@example.test', amount: '12.50' };
const bo: Row = { name: 'Bo, Jr.', email: 'bo@example.test', amount: '-3.00' };

describe('exportable table registry', () => {
  it('offers the mounted screen’s table, follows its rows and withdraws it on unmount', () => {
    function Harness() {
      const [shown, setShown] = useState<'a' | 'b' | 'none'>('a');
      const [rows, setRows] = useState<Row[] | null>(null);
      return (
        <>
          <Reader />
          {shown === 'a' && <Screen name="advocates" rows={rows} />}
          {shown === 'b' && <Screen name="payouts" rows={[ada]} />}
          <button onClick={() => setRows([ada, bo])}>load</button>
          <button onClick={() => setShown('b')}>to b</button>
          <button onClick={() => setShown('none')}>away</button>
        </>
      );
    }
    render(<Harness />);
    // Loading: nothing offered yet.
    expect(screen.getByText('nothing to export')).toBeInTheDocument();
    act(() => screen.getByText('load').click());
    expect(screen.getByText('advocates: 2 rows')).toBeInTheDocument();
    act(() => screen.getByText('to b').click());
    expect(screen.getByText('payouts: 1 rows')).toBeInTheDocument();
    act(() => screen.getByText('away').click());
    expect(screen.getByText('nothing to export')).toBeInTheDocument();
  });
});

describe('CSV', () => {
  const table: ExportableTable<Row> = { name: 'Top advocates', columns, rows: [ada, bo] };

  it('writes a header row and one quoted-where-needed row per table row: UTF-8 with BOM, CRLF', async () => {
    expect(await tableToCsv(table)).toBe(
      '\uFEFFName,Email,Amount\r\nAda,ada@example.test,12.50\r\n"Bo, Jr.",bo@example.test,-3.00\r\n',
    );
  });

  it('writes a figure in several currencies as one row per currency, with its decimals', () => {
    interface Owed {
      name: string;
      earned: { amount: number; currency: string }[];
      paid: { amount: number; currency: string }[];
    }
    const csv = tableToCsv<Owed>({
      name: 'advocates',
      columns: [
        { header: 'Advocate', value: (r) => r.name },
        { header: 'Earned', money: (r) => r.earned },
        { header: 'Paid', money: (r) => r.paid },
      ],
      rows: [
        {
          name: 'Ada',
          earned: [
            { amount: 6820, currency: 'USD' },
            { amount: 3366, currency: 'EUR' },
          ],
          paid: [{ amount: 189.5, currency: 'USD' }],
        },
        { name: 'Bo', earned: [{ amount: 1250, currency: 'JPY' }], paid: [] },
        { name: 'Cy', earned: [], paid: [] },
        // KWD keeps its third decimal (never 12.35); the decimal text the API may send is exact.
        {
          name: 'Di',
          earned: [{ amount: 12.345, currency: 'KWD' }],
          paid: [{ amount: 0.1 + 0.2, currency: 'KWD' }],
        },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFAdvocate,Earned,Paid,Currency',
      'Ada,3366.00,,EUR',
      'Ada,6820.00,189.50,USD',
      'Bo,1250,,JPY',
      'Cy,,,',
      'Di,12.345,0.300,KWD',
      '',
    ]);
  });

  it('defuses cells a spreadsheet would run as formulas', async () => {
    const csv = await tableToCsv({
      name: 'x',
      columns,
      rows: [{ name: '=HYPERLINK("http://evil")', email: '+1', amount: '-1+2' }],
    });
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"")",'+1,'-1+2`);
  });

  it('names the file after the table and the day', () => {
    expect(csvFileName('Top advocates', new Date('2026-11-22T23:00:00Z'))).toBe(
      'top-advocates-2026-11-22.csv',
    );
  });

  it('downloads the CSV as a file', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.href}`);
    });
    await downloadTableCsv(table, new Date('2026-11-22T10:00:00Z'));
    expect(clicked).toEqual(['top-advocates-2026-11-22.csv blob:csv']);
    expect(saved?.type).toBe('text/csv;charset=utf-8');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      // Decoded by hand: readAsText would drop the byte-order mark this test checks.
      reader.onload = () =>
        resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(saved as Blob);
    });
    expect(text).toBe(await tableToCsv(table));
    expect(text.startsWith('\uFEFF')).toBe(true);
  });

  it('saves the whole result of a paged table, not the page on screen', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const loadAll = jest.fn(async () => [ada, bo]);
    await downloadTableCsv({ name: 'payments', columns, rows: [ada], loadAll, total: 2 });
    expect(loadAll).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved as Blob);
    });
    expect(text.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Name,Email,Amount',
      'Ada,ada@example.test,12.50',
      '"Bo, Jr.",bo@example.test,-3.00',
      '',
    ]);
  });

  it('offers a paged table whose page is empty but whose result is not', () => {
    expect(hasRowsToExport(null)).toBe(false);
    expect(hasRowsToExport({ name: 'x', columns, rows: [] })).toBe(false);
    expect(hasRowsToExport({ name: 'x', columns, rows: [], total: 3 })).toBe(true);
    expect(hasRowsToExport({ name: 'x', columns, rows: [ada] })).toBe(true);
  });
});
