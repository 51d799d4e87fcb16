/**
 * A value a form may send: multipart turns each into a string (lists and maps as JSON), JSON
 * keeps its type.
 */
export type FieldValue =
  string | number | boolean | readonly number[] | { readonly [key: string]: unknown } | null;

/** Any object of form values, e.g. a CampaignFields; undefined means 'leave out'. */
export type Fields<T> = { readonly [K in keyof T]?: FieldValue };

/**
 * The request body for a create or update call: JSON normally, multipart only when a
 * file goes with it. Undefined fields are left out either way. In multipart every value is a
 * string, so id lists travel as a JSON string (`product_ids: "[1,2]"`), which the server parses.
 */
export function requestBody<T extends Fields<T>>(
  fields: T,
  files: Readonly<Record<string, File | null | undefined>> = {},
): FormData | Record<string, FieldValue> {
  const present = Object.entries(fields as Record<string, FieldValue | undefined>).filter(
    (entry): entry is [string, FieldValue] => entry[1] !== undefined,
  );
  const attached = Object.entries(files).filter((entry): entry is [string, File] =>
    Boolean(entry[1]),
  );
  if (attached.length === 0) return Object.fromEntries(present);

  const form = new FormData();
  for (const [name, value] of present) {
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const [name, file] of attached) form.append(name, file, file.name);
  return form;
}
