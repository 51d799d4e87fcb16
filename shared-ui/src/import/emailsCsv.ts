// Addresses from a CSV file a brand uploads (a list of partners exported from elsewhere): every
// cell that looks like an email address, in order, once each. papaparse reads the file; it is
// loaded only when a file is read, so no screen downloads it before.

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

/** The distinct addresses (trimmed, lower-cased) in the CSV text, in the order they appear. */
export async function emailsFromCsvText(text: string): Promise<string[]> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  const seen = new Set<string>();
  for (const row of parsed.data)
    for (const cell of row) {
      const value = String(cell).trim().toLowerCase();
      if (EMAIL.test(value)) seen.add(value);
    }
  return [...seen];
}

/** emailsFromCsvText of a chosen file. */
export async function emailsFromCsvFile(file: Blob): Promise<string[]> {
  return emailsFromCsvText(await file.text());
}
